import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { requireAccount } from '../../shared/mailing/senders/accounts.js';
import { emailAccountView } from '../../shared/mailing/senders/entities.js';
import { accountIdPath, accountOutput } from '../../shared/mailing/senders/schema.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'EmailAccountsController_get',
  method: 'GET',
  path: '/api/email-accounts/{id}',
  tag: 'senders',
  summary: 'Get one sender mailbox',
  description: 'The mailbox without secrets: status, DNS verdict, last connection check, relay counters. 404 when absent.',
  access: 'tenant',
  scope: 'accounts:read',
  input: { path: accountIdPath },
  output: accountOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => emailAccountView(await requireAccount(requireTenant(ctx).table, path.id)),
  guidance: (a) => ({
    next: 'EmailAccountsController_testConnection',
    why: 'Re-run the real SMTP and IMAP login on demand.',
    check: `POST /api/email-accounts/${a.id}/test-connection`,
  }),
});
export const handler = lambdaHandler(operation);
