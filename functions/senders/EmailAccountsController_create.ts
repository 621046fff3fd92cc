import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { createPasswordAccount } from '../../shared/mailing/senders/accounts.js';
import { accountOutput, passwordAccountBody } from '../../shared/mailing/senders/schema.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'EmailAccountsController_create',
  method: 'POST',
  path: '/api/email-accounts',
  tag: 'senders',
  summary: 'Connect a sender mailbox (SMTP + IMAP, application password)',
  description:
    "Logs in for real first: SMTP (EHLO, TLS by port, AUTH; nothing sent) and IMAP (LOGIN, SELECT INBOX). Any failure is 422 {code, side, reason, message} (the side and a category, never the server's own text) (smtp_auth_failed, smtp_unreachable, imap_auth_failed, imap_unreachable ...) and nothing is stored. 409 email_account_exists when the address is connected. Passwords are encrypted, never returned.",
  access: 'tenant',
  scope: 'accounts:write',
  resources: ['function:mailbox_probe'],
  input: { body: passwordAccountBody },
  output: accountOutput,
  successStatus: 201,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => createPasswordAccount(ctx.deps, requireTenant(ctx).table, body),
  guidance: (a) => ({
    next: 'EmailAccountsController_checkDns',
    why: 'DNS health (SPF/DKIM/DMARC) is mandatory: the mailbox is not sendable until it passes or is acknowledged.',
    check: `POST /api/email-accounts/${a.id}/check-dns`,
  }),
});
export const handler = lambdaHandler(operation);
