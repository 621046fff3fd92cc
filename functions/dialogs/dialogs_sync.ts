import * as z from 'zod';
import { syncMailbox, syncTenantMailboxes } from '../../shared/mailing/dialogs/sync.js';
import { notFound } from '../../shared/platform/errors.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getEmailAccountItem } from '../../shared/mailing/senders/entities.js';
import { lambdaHandler } from '../lambda.js';
import { syncOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'dialogs_sync',
  method: 'POST',
  path: '/api/dialogs/sync',
  tag: 'dialogs',
  summary: 'Read the mailboxes now',
  description:
    'Runs the inbox sync at once (it also runs on a schedule): new messages of one mailbox (body accountId) or of every active mailbox, ' +
    'incrementally by UID (a UIDVALIDITY change re-reads without duplicates); at most 200 messages per mailbox per call (the schedule, or another call, continues from the cursor). Replies become dialogs, DSNs bounces. ' +
    'With an AI provider each new reply’s AI classification is paid (ai_generation, once per message); a short balance classifies by the rules instead (message aiSkipped insufficient_balance), never a 402.',
  access: 'tenant',
  scope: 'crm:write',
  resources: ['tenantMail', 'files', 'queue:webhooks', 'platformTable:write'], // platformTable:write: AI classification is charged (ledger)
  input: { body: z.strictObject({ accountId: z.string().min(1).max(64).optional() }) },
  output: syncOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => {
    const tenant = requireTenant(ctx);
    if (body.accountId) {
      if (!(await getEmailAccountItem(tenant.table, body.accountId))) throw notFound('Email account');
      return { data: [await syncMailbox(ctx.deps, tenant.tenantId, body.accountId, { maxMessages: 200 })] };
    }
    return { data: await syncTenantMailboxes(ctx.deps, tenant.tenantId, { maxMessages: 200 }) };
  },
  guidance: () => ({ next: 'dialogs_list', why: 'New replies are listed as dialogs (unread=true).' }),
});
export const handler = lambdaHandler(operation);
