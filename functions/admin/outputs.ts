import * as z from 'zod';
import { LISTABLE_STATES } from '../../shared/workspace/accounts/admin-views.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

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

export const admin_registrations_listOutput = checkedOutput(
  z.looseObject({
    data: z
      .array(
        z.looseObject({
          id: z.string().describe('Account id (approve or reject it by this id)'),
          email: z.string().describe('Email address'),
          state: z.enum(LISTABLE_STATES).describe('The registration state listed (the `state` query)'),
          createdAt: z.string().describe('ISO 8601 time of creation'),
          stateEnteredAt: z.string().nullable().describe('ISO 8601 time the current state was entered (null for older registrations)'),
          expiresAt: z.string().nullable().describe('ISO 8601 deadline of the current state (null: none)'),
          org: z.string().nullable().describe('Organisation given at sign-up'),
          use_case: z.string().nullable().describe('Intended use given at sign-up'),
          channel: z.enum(['form', 'a2a', 'mcp']).nullable().describe('Where the registration came from'),
          firstName: z.string().nullable(),
          lastName: z.string().nullable(),
          termsAcceptedAt: z.string().nullable().describe('ISO 8601 time the terms were accepted (null before)'),
          tenantId: z.string().nullable().describe('Workspace (tenant) id once approved: the `tenant_id` argument / X-Tenant-Id header'),
        }),
      )
      .describe('The items of this page'),
    nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
  }),
);

export const admin_registrations_rejectOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  email: z.string().describe('Email address'),
  state: z.string(),
  deleted: z.boolean(),
});

export const admin_tenants_creditOutput = checkedOutput(
  z.looseObject({
    tenantId: z.string().describe('Workspace (tenant) id: the `tenant_id` argument / X-Tenant-Id header'),
    id: z.string().describe('Ledger entry id'),
    seq: z.number().describe("The entry's position in the tenant's ledger"),
    type: z.enum(['charge', 'credit']).describe('Always credit here'),
    operation: z.string().describe('Always credit here'),
    quantity: z.number(),
    amount: z.number().describe('Amount credited, in currency units'),
    balanceAfter: z.number().describe('Balance after this entry, in currency units'),
    currency: z.string(),
    note: z.string().nullable().describe('The note given'),
    actor: z.string().nullable().describe('The admin who credited'),
    refId: z.string().nullable(),
    createdAt: z.string().describe('ISO 8601 time of creation'),
    balance_after: z.number().describe('Same as balanceAfter (the `_billing` block spelling)'),
  }),
);

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
