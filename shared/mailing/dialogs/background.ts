import { defineSchedule, defineWorker } from '../../platform/registry/background.js';
import { SEND_QUEUE } from '../sending/queue.js';
import { WEBHOOK_QUEUE } from '../../workspace/webhooks/queue.js';
import { INBOX_QUEUE, fanOutMailboxSyncs, fanOutSequenceRuns, handleInboxMessage, type InboxMessage } from './queue.js';

/**
 * The `inbox` consumer: mailbox syncs over IMAP (bounded per message, one run per mailbox at a time by
 * a lease on its cursor) and sequence runs (follow-up steps to the send queue). Visibility 6 min > the
 * 5 min timeout; five at once, also reserved: it bounds the IMAP connections open in total.
 */
export const inboxWorker = defineWorker<InboxMessage>({
  name: 'inbox_worker',
  tag: 'dialogs',
  queue: INBOX_QUEUE,
  handler: handleInboxMessage,
  visibility: 360,
  maxReceives: 5,
  batchSize: 1,
  concurrency: 5,
  reserve: true,
  timeout: 300,
  memorySize: 1024,
  // platformTable:write: sync's AI classification of a reply is charged (ai_generation, the platform ledger).
  resources: ['tenantTables', 'platformTable:write', 'tenantMail', 'files', `queue:${WEBHOOK_QUEUE}`, `queue:${SEND_QUEUE}`],
});

/** Every 2 minutes one `sync-mailbox` message per active mailbox (`dialogs_sync` queues the same message on demand, with its job id). */
export const inboxSchedule = defineSchedule({
  name: 'inbox_schedule',
  tag: 'dialogs',
  every: { minutes: 2 },
  handler: fanOutMailboxSyncs,
  timeout: 120,
  resources: ['tenantTables', `queue:${INBOX_QUEUE}`],
  local: { everyMs: (local) => local.inboxSyncMs },
});

/** Every 2 minutes one `sequence-tenant` message per tenant: its due follow-up steps go to the send engine. */
export const sequenceSchedule = defineSchedule({
  name: 'sequence_schedule',
  tag: 'dialogs',
  every: { minutes: 2 },
  handler: fanOutSequenceRuns,
  timeout: 120,
  resources: ['tenantTables', `queue:${INBOX_QUEUE}`],
  local: { everyMs: (local) => local.sequenceTickMs },
});
