import { log } from '../../shared/runtime/logger.js';
import type { Deps } from '../../shared/runtime/deps.js';
import { handleWebhookMessage, sweepAllTenants } from '../../shared/webhooks/dispatcher.js';
import { WEBHOOK_QUEUE, type WebhookMessage } from '../../shared/webhooks/queue.js';
import type { BackgroundService } from './background.js';
import { LocalWorkQueue } from './local-queue.js';

/**
 * The local stand-in for the webhook SQS event source and its EventBridge sweep: consumes the durable
 * local `webhooks` queue (delays and leases on deps.clock, so POST /_local/clock moves retries) and
 * sweeps every tenant's pending events and overdue deliveries every WEBHOOK_SWEEP_MS (default 2 s).
 */
export async function startWebhookWorker(deps: Deps): Promise<BackgroundService> {
  const queue = deps.queue;
  if (!(queue instanceof LocalWorkQueue)) return { name: 'webhooks', stop: async () => undefined };
  const consumer = queue.consume(WEBHOOK_QUEUE, (m) => handleWebhookMessage(deps, m.body as WebhookMessage), { concurrency: 16, visibilityMs: 90_000 });
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweepAllTenants(deps, 'direct')
      .catch((e) => log.warn('webhook sweep failed', { message: (e as Error).message }))
      .finally(() => (sweeping = false));
  }, deps.config.local.webhookSweepMs);
  timer.unref();
  return {
    name: 'webhooks',
    async stop() {
      clearInterval(timer);
      await consumer.stop();
      while (sweeping) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
