import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { resumeAccount } from '../../shared/mailing/senders/lifecycle.js';
import { accountIdPath, accountOutput } from '../../shared/mailing/senders/schema.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'EmailAccountsController_resume',
  method: 'POST',
  path: '/api/email-accounts/{id}/resume',
  tag: 'senders',
  summary: 'Resume a suspended mailbox',
  description:
    'Back to ACTIVE with a fresh bounce window (a mailbox the bounce guard suspended, suspendedReason bounce_rate_exceeded, is judged again only on new sends). Resume its paused tasks afterwards (tasks_resume). Run testConnection afterwards when it was suspended for a login or token problem.',
  access: 'tenant',
  scope: 'accounts:write',
  input: { path: accountIdPath },
  output: accountOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path }, ctx) => resumeAccount(ctx.deps, requireTenant(ctx).table, path.id),
  guidance: (a) => ({
    next: 'EmailAccountsController_testConnection',
    why: 'Confirm the login still works.',
    check: `POST /api/email-accounts/${a.id}/test-connection`,
  }),
});
export const handler = lambdaHandler(operation);
