import type { Deps } from '../../platform/runtime/deps.js';

/** The send queue (SQS `sends` + DLQ in AWS, the durable local queue in the embedded runtime). */
export const SEND_QUEUE = 'sends';

export type SendMessage =
  /** Build a started task's send items from its contact list (guardrails applied per contact). */
  | { type: 'build'; tenantId: string; taskId: string }
  /** Send one item, or a batch of one task's items (contactIds, ≤ SEND_BATCH); idempotent: each item's status decides. */
  | { type: 'send'; tenantId: string; taskId: string; contactId?: string; contactIds?: string[] }
  /** Lease sweep of one tenant (scheduled fan-out in AWS). */
  | { type: 'sweep-tenant'; tenantId: string };

/**
 * Items per send message. A batch is read, gated and paid with a handful of calls instead of a dozen
 * per email, and it is one SQS message instead of 50; the worker still sends its emails in parallel,
 * leases them 25 at a time as its lanes reach them and records each answer as it arrives (group
 * commit), so a batch does not widen the duplicate window (docs/sending.md). 50 rather than 25: the
 * batch's reads (task, settings, mailbox, day row, creative, bounce window) and its queue message are
 * paid once per 50 sends (store calls per send 0.93 → 0.66 in the sends bench).
 */
export const SEND_BATCH = 50;

/** SQS caps a message delay at 15 minutes: longer waits are re-checked and re-queued. */
export const MAX_DELAY_SECONDS = 900;

export async function enqueue(deps: Deps, msg: SendMessage, delayMs = 0, dedupeId?: string) {
  if (!deps.queue) throw new Error('no work queue configured');
  const delaySeconds = Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil(delayMs / 1000)));
  await deps.queue.send(SEND_QUEUE, msg, { delaySeconds, ...(dedupeId ? { dedupeId } : {}) });
}

/** Queues one task's items for sending in batches of SEND_BATCH (one message each). */
export async function enqueueSends(deps: Deps, tenantId: string, taskId: string, contactIds: string[], delayMs = 0) {
  const batches: string[][] = [];
  for (let i = 0; i < contactIds.length; i += SEND_BATCH) batches.push(contactIds.slice(i, i + SEND_BATCH));
  await Promise.all(
    batches.map((ids) =>
      enqueue(deps, ids.length === 1 ? { type: 'send', tenantId, taskId, contactId: ids[0] } : { type: 'send', tenantId, taskId, contactIds: ids }, delayMs),
    ),
  );
}
