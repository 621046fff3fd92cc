import type { Deps } from '../../platform/runtime/deps.js';
import { WEBHOOK_QUEUE, type WebhookMessage } from './queue.js';

/**
 * `Deps.onEventsCommitted` of every process that emits events (the composition roots set it): wakes the
 * webhook dispatcher with a queue message. Kept tiny on purpose because it lands in every Lambda bundle.
 */
export async function nudgeWebhookDispatcher(deps: Deps, tenantId: string) {
  await deps.queue?.send(WEBHOOK_QUEUE, { type: 'dispatch', tenantId } satisfies WebhookMessage);
}
