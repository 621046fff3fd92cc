import { setOutboxNudge } from '../events/outbox.js';
import { WEBHOOK_QUEUE, type WebhookMessage } from './queue.js';

/**
 * After a commit that wrote outbox items, wake the dispatcher with a queue message. Installed by the
 * deps builders (Lambda and local), so every process that emits events nudges; kept tiny on purpose
 * because it lands in every Lambda bundle.
 */
export function installWebhookNudge() {
  setOutboxNudge(async (deps, tenantId) => {
    await deps.queue?.send(WEBHOOK_QUEUE, { type: 'dispatch', tenantId } satisfies WebhookMessage);
  });
}
