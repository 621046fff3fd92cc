import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { runDueEnrolments } from '../sequences/scheduler.js';
import { EmailAccount, type EmailAccountItem } from '../senders/entities.js';
import { syncMailbox } from './sync.js';
import { INBOX_QUEUE, ON_DEMAND_MAX_MESSAGES, recordSyncJobResult, type InboxMessage } from './sync-jobs.js';
import { forEachTenant } from '../../workspace/tenancy/each-tenant.js';

// The queue's name and message shape are declared in sync-jobs.ts, which dialogs_sync imports without this consumer's IMAP code.
export { INBOX_QUEUE, type InboxMessage };

/** The `inbox` queue consumer (SQS Lambda in AWS). */
export async function handleInboxMessage(deps: Deps, msg: InboxMessage) {
  switch (msg?.type) {
    case 'sync-mailbox': {
      const r = await syncMailbox(deps, msg.tenantId, msg.accountId, { maxMessages: msg.jobId ? ON_DEMAND_MAX_MESSAGES : 2000 });
      if (r.error) log.warn('inbox sync failed', { tenantId: msg.tenantId, accountId: msg.accountId, error: r.error });
      if (msg.jobId) await recordSyncJobResult(deps.tenantTable(msg.tenantId), msg.jobId, r, deps.clock.now());
      return r;
    }
    case 'sequence-tenant':
      return runDueEnrolments(deps, msg.tenantId);
    default:
      log.warn('unknown inbox message', { type: (msg as { type?: string })?.type });
  }
}

/** The inbox schedule's fan-out: one `sync-mailbox` message per active mailbox of every tenant (every page). */
export async function fanOutMailboxSyncs(deps: Deps) {
  const queue = deps.queue;
  if (!queue) throw new Error('no work queue configured');
  const { total } = await forEachTenant(deps, 'inbox fan-out', async (tenantId) => {
    let sent = 0;
    let cursor: string | undefined;
    do {
      const boxes = await deps.tenantTable(tenantId).query<EmailAccountItem>({ ...EmailAccount.query('byCreated', {}), limit: 100, cursor });
      for (const a of boxes.items.filter((x) => x.status !== 'SUSPENDED')) {
        await queue.send(INBOX_QUEUE, { type: 'sync-mailbox', tenantId, accountId: a.id } satisfies InboxMessage);
        sent++;
      }
      cursor = boxes.cursor;
    } while (cursor);
    return sent;
  });
  return total;
}

/** The sequence schedule's fan-out: one `sequence-tenant` message per tenant. */
export async function fanOutSequenceRuns(deps: Deps) {
  const queue = deps.queue;
  if (!queue) throw new Error('no work queue configured');
  const { total } = await forEachTenant(deps, 'sequence fan-out', async (tenantId) => {
    await queue.send(INBOX_QUEUE, { type: 'sequence-tenant', tenantId } satisfies InboxMessage);
    return 1;
  });
  return total;
}
