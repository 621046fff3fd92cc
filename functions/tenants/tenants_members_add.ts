import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { inviteMember } from '../../shared/workspace/tenancy/invitations.js';
import { requireRole } from '../../shared/workspace/tenancy/roles.js';
import { lambdaHandler } from '../lambda.js';
import { tenants_members_addOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'tenants_members_add',
  method: 'POST',
  path: '/api/tenants/members',
  tag: 'tenants',
  summary: 'Invite a user to the current workspace with a role',
  description:
    'Body {email, role: SUPER | ADMIN | MEMBER}. Caller must be ADMIN or SUPER; only a SUPER grants SUPER. Always 202 {status:"invited"} whether or not the ' +
    'address is registered (nothing about other users is revealed). A registered ACTIVE user who is not yet a member gets a single-use link (7 days); they become ' +
    'a member only by accepting it: POST /api/tenants/invitations/accept {token}.',
  output: tenants_members_addOutput,
  access: 'tenant',
  scope: 'workspace:write',
  input: { body: z.strictObject({ email: z.string().max(254).pipe(z.email()), role: z.enum(['SUPER', 'ADMIN', 'MEMBER']) }) },
  successStatus: 202,
  resources: ['platformMail', 'platformTable:write'],
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => {
    const tenant = requireRole(ctx, 'ADMIN');
    return inviteMember(ctx.deps, tenant.tenantId, tenant.role, body);
  },
  guidance: () => ({
    next: 'tenants_members_list',
    why: 'The invitee appears in the member list once they accept the emailed invitation (tenants_invitations_accept).',
  }),
});

export const handler = lambdaHandler(operation);
