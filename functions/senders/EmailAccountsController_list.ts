import * as z from 'zod';
import { pageQuery } from '../../shared/platform/http/paging.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listAccounts } from '../../shared/mailing/senders/accounts.js';
import { accountListOutput } from '../../shared/mailing/senders/schema.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'EmailAccountsController_list',
  method: 'GET',
  path: '/api/email-accounts',
  tag: 'senders',
  summary: 'List sender mailboxes',
  description: 'Connected mailboxes in creation order, without secrets. Paged by pageSize and cursor.',
  access: 'tenant',
  scope: 'accounts:read',
  input: { query: z.strictObject(pageQuery(100, 50)) },
  output: accountListOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listAccounts(requireTenant(ctx).table, query),
  guidance: (r) => ({
    next: r.data.length ? 'EmailAccountsController_relayHealth' : 'EmailAccountsController_create',
    why: r.data.length ? "Relay health shows each mailbox's sends, failures and today's cap." : 'No mailbox yet: connect one.',
  }),
});
export const handler = lambdaHandler(operation);
