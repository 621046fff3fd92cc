import { pathToFileURL } from 'node:url';
import { outboxItem, eventsCommitted } from '../../shared/platform/events/outbox.js';
import { createSubscription } from '../../shared/workspace/webhooks/subscriptions.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { print, startBenchRuntime } from './support.js';

/**
 * Deliveries per second through the durable local queue (DynamoDB Local) to a loopback receiver:
 * BENCH_WEBHOOK_EVENTS events (default 500) are committed to the outbox in batches with their nudge,
 * each matching BENCH_WEBHOOK_SUBS subscriptions (default 2); the clock stops when the receiver has
 * every delivery. Covers dispatch, queueing, signing, the guarded POST and the status writes.
 * Printed, never asserted. Standalone: `npx tsx test/bench/webhook-deliveries.ts`.
 */
export async function run() {
  const events = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 500);
  const subs = Number(process.env.BENCH_WEBHOOK_SUBS ?? 2);
  const rt = await startBenchRuntime({ SVC_ALLOW_LOOPBACK_TARGETS: 'true' });
  const receiver = await startWebhookReceiver();
  try {
    const acc = await createApprovedAccount(rt.deps);
    const table = rt.deps.tenantTable(acc.tenantId);
    for (let s = 0; s < subs; s++)
      await createSubscription(rt.deps, table, { url: `${receiver.url}/s${s}`, events: ['lead.created'], secret: 'bench-secret-0123456789abcdef' });
    const expected = events * subs;
    const started = performance.now();
    for (let i = 0; i < events; i += 25) {
      const batch = Array.from({ length: Math.min(25, events - i) }, (_, k) => ({
        put: outboxItem(acc.tenantId, 'lead.created', { leadId: `L${i + k}` }, rt.deps.clock.now()),
      }));
      await table.transact(batch);
      await eventsCommitted(rt.deps, acc.tenantId);
    }
    const committed = performance.now();
    const deadline = Date.now() + 300_000;
    while (receiver.received.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const seconds = (performance.now() - started) / 1000;
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    const rows = [
      {
        events,
        subscriptions: subs,
        deliveries: receiver.received.length,
        distinctWebhookIds: ids.size,
        commitSeconds: Number(((committed - started) / 1000).toFixed(2)),
        totalSeconds: Number(seconds.toFixed(2)),
        deliveriesPerSecond: Math.round(receiver.received.length / seconds),
      },
    ];
    print('Webhook deliveries through the local durable queue to a loopback receiver', rows);
    return rows;
  } finally {
    await receiver.stop();
    await rt.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
