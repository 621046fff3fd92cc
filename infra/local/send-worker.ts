import { log } from '../../shared/runtime/logger.js';
import type { Deps } from '../../shared/runtime/deps.js';
import { SEND_QUEUE, type SendMessage } from '../../shared/sending/queue.js';
import { handleSendMessage, sweepAllTenantSends } from '../../shared/sending/sweep.js';
import { closeIdle } from '../../shared/sending/transports.js';
import type { BackgroundService } from './background.js';
import { LocalWorkQueue } from './local-queue.js';

/**
 * The local stand-in for the `sends` SQS event source (the send worker Lambda) and the lease sweep
 * (EventBridge Scheduler): consumes the durable local queue with SEND_CONCURRENCY (default 16) and
 * sweeps every tenant's overdue items every SEND_SWEEP_MS (default 5 s). At start it takes back the
 * batches a previous (killed) runtime instance was sending, with their item leases.
 */
export async function startSendWorker(deps: Deps): Promise<BackgroundService> {
  const queue = deps.queue;
  if (!(queue instanceof LocalWorkQueue)) return { name: 'sends', stop: async () => undefined };
  const consumer = queue.consume(SEND_QUEUE, (m) => handleSendMessage(deps, m.body as SendMessage), {
    concurrency: deps.config.local.sendConcurrency,
    visibilityMs: 150_000,
    maxReceives: 8,
    // A restarted runtime takes its dead predecessor's batches back at once: the worker recovers the
    // item leases that instance held (sendItems) instead of waiting 150 s for the message and 120 s for the leases.
    reclaimOnStart: true,
  });
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweepAllTenantSends(deps, 'direct')
      .catch((e) => log.warn('send sweep failed', { message: (e as Error).message }))
      .finally(() => (sweeping = false));
  }, deps.config.local.sendSweepMs);
  timer.unref();
  return {
    name: 'sends',
    async stop() {
      clearInterval(timer);
      await consumer.stop();
      while (sweeping) await new Promise((r) => setTimeout(r, 20));
      await closeIdle(0);
    },
  };
}
