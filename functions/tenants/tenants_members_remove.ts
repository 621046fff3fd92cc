import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { removeMember } from '../../shared/workspace/tenancy/members.js';
import { requireRole } from '../../shared/workspace/tenancy/roles.js';
import { lambdaHandler } from '../lambda.js';
import { tenants_members_removeOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'tenants_members_remove',
  method: 'DELETE',
  path: '/api/tenants/members/{userId}',
  tag: 'tenants',
  summary: 'Remove a member from the current workspace',
  description: 'Caller must be ADMIN or SUPER; only a SUPER removes a SUPER; the owner cannot be removed. Unknown member: 404.',
  output: tenants_members_removeOutput,
  resources: ['platformTable:write'],
  access: 'tenant',
  scope: 'workspace:write',
  input: { path: z.strictObject({ userId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }) },
  hints: { readOnly: false, destructive: true, idempotent: false },
  handler: async ({ path }, ctx) => {
    const tenant = requireRole(ctx, 'ADMIN');
    return removeMember(ctx.deps, tenant.tenantId, tenant.role, path.userId);
  },
});

export const handler = lambdaHandler(operation);
