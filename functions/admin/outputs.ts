import * as z from 'zod';

/** Success answers of the admin operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
export const admin_questionnaires_listOutput = z.looseObject({
  data: z
    .array(
      z.looseObject({
        accountId: z.string().describe('Account id'),
        accountStatus: z.enum(['PENDING', 'ACTIVE', 'DELETED']).describe('The account now: PENDING waits for a decision; DELETED when the account is gone'),
        email: z.string().describe('Email address'),
        companyName: z.string(),
        checksPassed: z.boolean(),
        reasons: z.array(z.string()),
        revision: z.number(),
        submittedAt: z.string(),
      }),
    )
    .describe('The items of this page'),
  nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
});

export const admin_registrations_approveOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  email: z.string().describe('Email address'),
  state: z.string(),
  scope: z.string(),
  tenantId: z.string().describe('Workspace (tenant) id: the `tenant_id` argument / X-Tenant-Id header'),
  userId: z.string().describe('User id'),
});

export const admin_registrations_listOutput = z.looseObject({
  data: z
    .array(
      z.looseObject({
        id: z.string().describe('Identifier'),
        email: z.string().describe('Email address'),
        state: z.string(),
        createdAt: z.string().describe('ISO 8601 time of creation'),
        stateEnteredAt: z.string(),
        expiresAt: z.string().nullable(),
        org: z.string(),
        use_case: z.unknown(),
        channel: z.string().nullable(),
        firstName: z.string(),
        lastName: z.string().nullable(),
        termsAcceptedAt: z.string(),
        tenantId: z.string().nullable().describe('Workspace (tenant) id: the `tenant_id` argument / X-Tenant-Id header'),
      }),
    )
    .describe('The items of this page'),
  nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
});

export const admin_registrations_rejectOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  email: z.string().describe('Email address'),
  state: z.string(),
  deleted: z.boolean(),
});

export const admin_tenants_creditOutput = z.looseObject({
  tenantId: z.string().describe('Workspace (tenant) id: the `tenant_id` argument / X-Tenant-Id header'),
  id: z.string().describe('Identifier'),
  seq: z.number(),
  type: z.string(),
  operation: z.string(),
  quantity: z.number(),
  amount: z.number(),
  balanceAfter: z.number(),
  currency: z.string(),
  note: z.string(),
  actor: z.string(),
  refId: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  balance_after: z.number(),
});

export const admin_tenants_listOutput = z.looseObject({
  data: z
    .array(
      z.looseObject({
        id: z.string().describe('Identifier'),
        name: z.string(),
        status: z.string(),
        ownerUserId: z.string().nullable().describe('null for a workspace written without an owner'),
        createdAt: z.string().describe('ISO 8601 time of creation'),
        balance: z.number(),
        currency: z.string(),
      }),
    )
    .describe('The items of this page'),
  nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
});

export const admin_tenants_questionnaireOutput = z.looseObject({
  accountId: z.string().describe('Account id'),
  tenantId: z.string().nullable().describe('Workspace (tenant) id: the `tenant_id` argument / X-Tenant-Id header; null before approval'),
  email: z.string().describe('Email address'),
  status: z.string(),
  answers: z.unknown(),
  checks: z.looseObject({}).nullable(),
  revision: z.number(),
});
