import * as z from 'zod';

/** Success answers of the tenants operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
export const tenants_listOutput = z.looseObject({
  data: z
    .array(
      z.looseObject({
        tenantId: z.string().describe('Workspace (tenant) id: the `tenant_id` argument / X-Tenant-Id header'),
        name: z.string(),
        role: z.string(),
        status: z.string(),
        isDefault: z.boolean(),
        joinedAt: z.string(),
      }),
    )
    .describe('The items of this page'),
});

export const tenants_members_addOutput = z.looseObject({
  status: z.literal('invited').describe('Always "invited", known address or not'),
  tenantId: z.string().describe('Workspace (tenant) id: the `tenant_id` argument / X-Tenant-Id header'),
  email: z.string().describe('The invited address (normalised)'),
  role: z.string().describe('Role granted on acceptance'),
  expiresAt: z.string().describe('When an emailed invitation stops working'),
});

export const tenants_invitations_acceptOutput = z.looseObject({
  tenantId: z.string().describe('The workspace joined: send it as X-Tenant-Id'),
  role: z.string().describe('Role in that workspace'),
  joinedAt: z.string().nullable().describe('Membership start; null when the caller was already a member'),
  alreadyMember: z.boolean().describe('True when the caller was a member before accepting'),
});

export const tenants_invitations_previewOutput = z.looseObject({
  tenantId: z.string().describe('The inviting workspace'),
  workspaceName: z.string().describe('Its name'),
  role: z.string().describe('The role offered: SUPER | ADMIN | MEMBER'),
  expiresAt: z.string().describe('When the invitation lapses (ISO 8601)'),
  alreadyMember: z.boolean().describe('True when the caller is already a member of that workspace'),
});

export const tenants_members_listOutput = z.looseObject({
  data: z
    .array(
      z.looseObject({
        userId: z.string().describe('User id'),
        email: z.string().nullable().describe('Email address; null when the user is gone'),
        firstName: z.string().nullable(),
        lastName: z.string().nullable(),
        role: z.string(),
        joinedAt: z.string(),
      }),
    )
    .describe('The items of this page'),
  nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
});

export const tenants_members_removeOutput = z.looseObject({
  tenantId: z.string().describe('Workspace (tenant) id: the `tenant_id` argument / X-Tenant-Id header'),
  userId: z.string().describe('User id'),
  removed: z.boolean(),
});
