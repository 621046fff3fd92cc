import type { Deps } from '../runtime/deps.js';
import { log } from '../runtime/logger.js';
import { runDueEnrolments } from '../sequences/scheduler.js';
import { EmailAccount, type EmailAccountItem } from '../senders/entities.js';
import { syncMailbox } from './sync.js';

/** The inbox queue (SQS `inbox` + DLQ in AWS): scheduled fan-out of mailbox syncs and sequence runs. */
export const INBOX_QUEUE = 'inbox';

export type InboxMessage =
  /** Read one mailbox from its cursor (bounded per message; the next schedule continues). */
  | { type: 'sync-mailbox'; tenantId: string; accountId: string }
  /** Hand one tenant's due sequence steps to the send engine. */
  | { type: 'sequence-tenant'; tenantId: string };

/** The `inbox` queue consumer (SQS Lambda in AWS). */
export async function handleInboxMessage(deps: Deps, msg: InboxMessage) {
  switch (msg?.type) {
    case 'sync-mailbox': {
      const r = await syncMailbox(deps, msg.tenantId, msg.accountId, { maxMessages: 2000 });
      if (r.error) log.warn('inbox sync failed', { tenantId: msg.tenantId, accountId: msg.accountId, error: r.error });
      return r;
    }
    case 'sequence-tenant':
      return runDueEnrolments(deps, msg.tenantId);
    default:
      log.warn('unknown inbox message', { type: (msg as { type?: string })?.type });
  }
}

/** The schedule's fan-out: one message per active mailbox and one per tenant for sequences (bounded pages). */
export async function fanOutInboxWork(deps: Deps) {
  if (!deps.queue) throw new Error('no work queue configured');
  let cursor: string | undefined;
  let sent = 0;
  for (let i = 0; i < 1000; i++) {
    const page = await deps.platform.query<{ tenantId: string }>({ index: 'gsi1', pk: 'TENANTS', limit: 100, cursor });
    for (const { tenantId } of page.items) {
      await deps.queue.send(INBOX_QUEUE, { type: 'sequence-tenant', tenantId } satisfies InboxMessage);
      sent++;
      let c: string | undefined;
      for (let j = 0; j < 20; j++) {
        const boxes = await deps.tenantTable(tenantId).query<EmailAccountItem>({ ...EmailAccount.query('byCreated', {}), limit: 100, cursor: c });
        for (const a of boxes.items.filter((x) => x.status !== 'SUSPENDED')) {
          await deps.queue.send(INBOX_QUEUE, { type: 'sync-mailbox', tenantId, accountId: a.id } satisfies InboxMessage);
          sent++;
        }
        c = boxes.cursor;
        if (!c) break;
      }
    }
    cursor = page.cursor;
    if (!cursor) break;
  }
  return sent;
}
