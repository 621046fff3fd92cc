import * as z from 'zod';
import { INBOX_QUEUE, ON_DEMAND_MAX_MESSAGES, requestInboxSync } from '../../shared/mailing/dialogs/sync-jobs.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { syncJobOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'dialogs_sync',
  method: 'POST',
  path: '/api/dialogs/sync',
  tag: 'dialogs',
  summary: 'Read the mailboxes now (a job to poll)',
  description:
    'Queues the inbox sync at once (it also runs on a schedule) and answers 202 with a jobId; poll dialogs_sync_status until status is completed. It reads new messages of one mailbox (body accountId; 404 when unknown) or of every active mailbox, ' +
    `incrementally by UID (a UIDVALIDITY change re-reads without duplicates); at most ${ON_DEMAND_MAX_MESSAGES} messages per mailbox per sync (the schedule, or another sync, continues from the cursor). Replies become dialogs, DSNs bounces. ` +
    'With an AI provider each new reply’s AI classification is paid (ai_generation, once per message); a short balance classifies by the rules instead (message aiSkipped insufficient_balance), never a 402.',
  access: 'tenant',
  scope: 'crm:write',
  resources: [`queue:${INBOX_QUEUE}`],
  input: { body: z.strictObject({ accountId: z.string().min(1).max(64).optional() }) },
  output: syncJobOutput,
  successStatus: 202,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => requestInboxSync(ctx.deps, requireTenant(ctx), body.accountId),
  guidance: (job) => ({
    next: 'dialogs_sync_status',
    why: 'The mailboxes are read in the background; the job lists each mailbox’s outcome once read.',
    check: `jobId ${job.jobId}: poll until status is completed, then dialogs_list (new replies are unread=true).`,
  }),
});
export const handler = lambdaHandler(operation);
