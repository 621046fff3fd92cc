import * as z from 'zod';
import { defineOperation } from '../../shared/registry/operation.js';
import { addMemberByEmail } from '../../shared/tenancy/members.js';
import { requireRole } from '../../shared/tenancy/roles.js';
import { lambdaHandler } from '../lambda.js';
import { tenants_members_addOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'tenants_members_add',
  method: 'POST',
  path: '/api/tenants/members',
  tag: 'tenants',
  summary: 'Add a user to the current workspace with a role',
  description:
    'Body {email, role: SUPER | ADMIN | MEMBER}. Caller must be ADMIN or SUPER in the workspace; only a SUPER grants SUPER. The user must already have an ACTIVE account ' +
    '(404 User not found otherwise) and is emailed. 409 when already a member.',
  output: tenants_members_addOutput,
  access: 'tenant',
  scope: 'workspace:write',
  input: { body: z.strictObject({ email: z.string().max(254).pipe(z.email()), role: z.enum(['SUPER', 'ADMIN', 'MEMBER']) }) },
  successStatus: 201,
  resources: ['platformMail', 'platformTable:write'],
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => {
    const tenant = requireRole(ctx, 'ADMIN');
    return addMemberByEmail(ctx.deps, tenant.tenantId, tenant.role, body);
  },
  guidance: () => ({ next: 'tenants_members_list', why: 'The new member acts here by sending this workspace as X-Tenant-Id.' }),
});

export const handler = lambdaHandler(operation);
