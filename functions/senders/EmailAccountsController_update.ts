import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { updateAccount } from '../../shared/mailing/senders/accounts.js';
import { accountIdPath, accountOutput, accountPatchBody } from '../../shared/mailing/senders/schema.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'EmailAccountsController_update',
  method: 'PATCH',
  path: '/api/email-accounts/{id}',
  tag: 'senders',
  summary: 'Change a sender mailbox',
  description:
    'Omitted fields stay. Changing a host, port, user or password re-runs the real login first (422 as on create, nothing changed). dnsAcknowledged:true lets a mailbox send although checkDns fails.',
  access: 'tenant',
  scope: 'accounts:write',
  resources: ['tenantMail', 'function:mailbox_probe'], // tenantMail: an OAuth mailbox's token is refreshed here
  input: { path: accountIdPath, body: accountPatchBody },
  output: accountOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => updateAccount(ctx.deps, requireTenant(ctx).table, path.id, body),
  guidance: (a) => ({
    next: 'EmailAccountsController_relayHealth',
    why: 'See whether the mailbox is sendable now and its cap.',
    check: `GET /api/email-accounts/${a.id}/relay-health`,
  }),
});
export const handler = lambdaHandler(operation);
