import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { testConnection } from '../../shared/mailing/senders/accounts.js';
import { accountIdPath, connectionOutput } from '../../shared/mailing/senders/schema.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'EmailAccountsController_testConnection',
  method: 'POST',
  path: '/api/email-accounts/{id}/test-connection',
  tag: 'senders',
  summary: 'Test a mailbox login now (SMTP and IMAP)',
  description:
    "The same real checks as on connect. Always 200 with {ok, smtp, imap}; each failed side carries its code, a category (reason: auth_failed, connection_refused, timeout, tls_failed …) and a message in our words, never the server's own text. A failing result makes the mailbox unsendable (connection_failed) until a later test passes.",
  access: 'tenant',
  scope: 'accounts:write',
  resources: ['tenantMail', 'function:mailbox_probe'], // tenantMail: an OAuth mailbox's token is refreshed here
  input: { path: accountIdPath },
  output: connectionOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path }, ctx) => testConnection(ctx.deps, requireTenant(ctx).table, path.id),
  guidance: (r) =>
    r.ok
      ? {
          next: 'EmailAccountsController_checkDns',
          why: 'Login works; DNS health is the other mandatory check.',
          check: `POST /api/email-accounts/${r.accountId}/check-dns`,
        }
      : { next: 'EmailAccountsController_update', why: `Login failed (${r.smtp.ok ? r.imap.code : r.smtp.code}): fix the host, port or application password.` },
});
export const handler = lambdaHandler(operation);
