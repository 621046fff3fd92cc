import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { deleteAccount } from '../../shared/mailing/senders/accounts.js';
import { accountIdPath } from '../../shared/mailing/senders/schema.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'EmailAccountsController_delete',
  method: 'DELETE',
  path: '/api/email-accounts/{id}',
  tag: 'senders',
  summary: 'Disconnect a sender mailbox',
  description: 'Removes the mailbox and its stored credentials; the address can be connected again. 404 when absent.',
  access: 'tenant',
  scope: 'accounts:write',
  input: { path: accountIdPath },
  output: z.looseObject({ id: z.string(), deleted: z.boolean() }),
  hints: { readOnly: false, destructive: true, idempotent: false },
  handler: async ({ path }, ctx) => deleteAccount(requireTenant(ctx).table, path.id),
  guidance: () => ({ next: 'EmailAccountsController_list', why: 'Check which mailboxes remain connected.' }),
});
export const handler = lambdaHandler(operation);
