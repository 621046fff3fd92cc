import type { Deps } from '../runtime/deps.js';

/** The send queue (SQS `sends` + DLQ in AWS, the durable local queue in the embedded runtime). */
export const SEND_QUEUE = 'sends';

export type SendMessage =
  /** Build a started task's send items from its contact list (guardrails applied per contact). */
  | { type: 'build'; tenantId: string; taskId: string }
  /** Send one item (idempotent: the item's status decides). */
  | { type: 'send'; tenantId: string; taskId: string; contactId: string }
  /** Lease sweep of one tenant (scheduled fan-out in AWS). */
  | { type: 'sweep-tenant'; tenantId: string };

/** SQS caps a message delay at 15 minutes: longer waits are re-checked and re-queued. */
export const MAX_DELAY_SECONDS = 900;

export async function enqueue(deps: Deps, msg: SendMessage, delayMs = 0, dedupeId?: string) {
  if (!deps.queue) throw new Error('no work queue configured');
  const delaySeconds = Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil(delayMs / 1000)));
  await deps.queue.send(SEND_QUEUE, msg, { delaySeconds, ...(dedupeId ? { dedupeId } : {}) });
}
