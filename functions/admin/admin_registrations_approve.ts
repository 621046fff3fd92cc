import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { approveRegistration } from '../../shared/workspace/accounts/lifecycle.js';
import { ADMIN_ACCESS_NOTE, adminActor } from '../../shared/workspace/accounts/admin-access.js';
import { lambdaHandler } from '../lambda.js';
import { admin_registrations_approveOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'admin_registrations_approve',
  method: 'POST',
  path: '/admin/api/registrations/{id}/approve',
  tag: 'admin',
  summary: 'Approve a registration awaiting admin approval',
  description:
    'A full-account registration (flow full_account, state awaiting_admin_approval) or an account from /api/auth/register that is still PENDING ' +
    '(manual approval after failed automatic checks; see GET /admin/api/questionnaires). Creates the User, the Tenant and its own data table (SUPER membership), promotes the account to scope approved: the key issued at signup ' +
    'now works for /api/* without rotation, and the user is emailed. Optional body {monthlyQuota} (default 10000). Approving again answers the same result; ' +
    `another state is 409 invalid_state; unknown id 404. ${ADMIN_ACCESS_NOTE}`,
  output: admin_registrations_approveOutput,
  access: 'admin',
  mcp: false,
  input: {
    path: z.strictObject({ id: z.string().min(1).max(64) }),
    body: z.strictObject({ monthlyQuota: z.number().int().min(0).max(10_000_000).optional() }),
  },
  resources: ['tableAdmin', 'tenantTables', 'platformMail', 'workflow:signup-approval', 'platformTable:write', 'adminEmails'],
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => approveRegistration(ctx.deps, path.id, adminActor(ctx), body),
});

export const handler = lambdaHandler(operation);
