import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { localDeps } from '../../infra/local/local-deps.js';
import { LocalWorkQueue } from '../../infra/local/local-queue.js';
import { eventsCommitted, outboxItem } from '../../shared/platform/events/outbox.js';
import { AdjustableClock } from '../../shared/platform/runtime/clock.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { attemptDelivery, type DeliveryItem } from '../../shared/workspace/webhooks/deliveries.js';
import { dispatchTenant, handleWebhookMessage, REQUEUE_GRACE_MS, requeueOverdue, sweepTenant } from '../../shared/workspace/webhooks/dispatcher.js';
import { WEBHOOK_QUEUE, type WebhookMessage } from '../../shared/workspace/webhooks/queue.js';
import { ATTEMPT_LEASE_MS } from '../../shared/workspace/webhooks/signing.js';
import { createSubscription } from '../../shared/workspace/webhooks/subscriptions.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startWebhookReceiver, waitFor } from '../support/webhook-receiver.js';
import { WebhookDelivery, dueKey } from '../../shared/workspace/webhooks/entities.js';

/** Real DynamoDB Local, no background worker: the test drives the queue and the dispatcher by hand. */
let deps: Deps;
let queue: LocalWorkQueue;
let clock: AdjustableClock;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let tenantId: string;

beforeAll(async () => {
  deps = await localDeps(inject('dynamoEndpoint'), {
    TABLE_PREFIX: `q${randomBytes(4).toString('hex')}-`,
    SVC_ALLOW_LOOPBACK_TARGETS: 'true',
    LOG_LEVEL: 'silent',
  });
  queue = deps.queue as LocalWorkQueue;
  clock = deps.clock as AdjustableClock;
  receiver = await startWebhookReceiver();
  ({ tenantId } = await createApprovedAccount(deps));
});
afterAll(() => receiver?.stop());

const drain = async (q = queue) => {
  const msgs = await q.receive(WEBHOOK_QUEUE, 50, 60_000);
  for (const m of msgs) {
    await handleWebhookMessage(deps, m.body as WebhookMessage);
    await q.ack(m);
  }
  return msgs.length;
};

async function emit(kind: 'lead.created' | 'lead.won', data: Record<string, unknown>) {
  const item = outboxItem(tenantId, kind, data, clock.now());
  await deps.tenantTable(tenantId).transact([{ put: item }]);
  await eventsCommitted(deps, tenantId);
  return item;
}

describe('local durable queue', () => {
  it('keeps messages across a restart (a new queue over the same table), honours delays on the clock, leases and redelivers', async () => {
    await queue.send('probe', { n: 1 });
    await queue.send('probe', { n: 2 }, { delaySeconds: 30 });
    const restarted = new LocalWorkQueue(deps.platform, clock);
    const [m1] = await restarted.receive('probe', 10, 5_000);
    expect(m1.body).toEqual({ n: 1 });
    expect(await restarted.receive('probe', 10, 5_000)).toHaveLength(0); // n:2 delayed, n:1 leased
    clock.advance(6_000); // the lease of n:1 runs out without an ack (the consumer "died")
    const again = await restarted.receive('probe', 10, 5_000);
    expect(again.map((m) => m.body)).toEqual([{ n: 1 }]);
    expect(again[0].attempt).toBe(2);
    await restarted.ack(again[0]);
    clock.advance(30_000);
    const [m2] = await restarted.receive('probe', 10, 5_000);
    expect(m2.body).toEqual({ n: 2 });
    await restarted.ack(m2);
    clock.advance(60_000);
    expect(await restarted.receive('probe', 10, 5_000)).toHaveLength(0);
  });

  it('two consumers never hold the same message', async () => {
    for (let i = 0; i < 10; i++) await queue.send('race', { i });
    const other = new LocalWorkQueue(deps.platform, clock);
    const [a, b] = await Promise.all([queue.receive('race', 10, 60_000), other.receive('race', 10, 60_000)]);
    expect(a.length + b.length).toBe(10);
    expect(new Set([...a, ...b].map((m) => m.id)).size).toBe(10);
    for (const m of a) await queue.ack(m);
    for (const m of b) await other.ack(m);
  });

  it('an idle consumer backs off instead of polling every 100 ms, and a send in this process wakes it at once', async () => {
    const polled = new LocalWorkQueue(deps.platform, clock);
    let receives = 0;
    const receive = polled.receive.bind(polled);
    polled.receive = (...args) => (receives++, receive(...args));
    const handled: unknown[] = [];
    // maxIdleMs 60 s: only the wake can deliver the message within waitFor's 15 s.
    const consumer = polled.consume('idle', async (m) => void handled.push(m.body), { pollMs: 100, maxIdleMs: 60_000 });
    try {
      await new Promise((r) => setTimeout(r, 2500));
      // Pauses of 100, 200, 400, 800, 1600 ms: about 5 polls, where a fixed 100 ms pause made ~25.
      expect(receives).toBeLessThanOrEqual(8);
      const before = receives;
      await polled.send('idle', { n: 1 });
      await waitFor(() => handled.length === 1, 'the woken consumer handling the message');
      // The woken receive, the one right after a non-empty receive, and the one the finished handler
      // wakes (it may run before waitFor looks): at most 3, not a poll loop.
      expect(receives - before).toBeLessThanOrEqual(3);
    } finally {
      await consumer.stop();
    }
  });
});

describe('dispatcher and deliveries', () => {
  it('dispatches each pending event once, to matching subscriptions only', async () => {
    const table = deps.tenantTable(tenantId);
    const sub = await createSubscription(deps, table, { url: `${receiver.url}/a`, events: ['lead.created'], secret: 'integration-secret-0123456789' });
    await createSubscription(deps, table, { url: `${receiver.url}/b`, events: ['lead.won'], secret: 'integration-secret-0123456789' });
    const event = await emit('lead.created', { leadId: 'L1' });
    expect(await dispatchTenant(deps, tenantId)).toBe(1);
    expect(await dispatchTenant(deps, tenantId)).toBe(0); // dispatched: off the pending index
    await drain(); // the nudge's dispatch message (nothing left) and the attempt
    await drain();
    await waitFor(() => receiver.received.some((r) => r.json?.data?.leadId === 'L1'), 'delivery of L1');
    expect(receiver.received.filter((r) => r.json?.data?.leadId === 'L1').map((r) => r.path)).toEqual(['/a']);
    const stored = await table.get<{ status: string; deliveries: number }>({ pk: 'EVENT', sk: `EVENT#${event.eventId}` });
    expect(stored).toMatchObject({ status: 'DISPATCHED', deliveries: 1 });
    const d = await table.get<DeliveryItem>(WebhookDelivery.key({ deliveryId: `${event.eventId}${sub.id}` }));
    expect(d).toMatchObject({ status: 'DELIVERED', attempts: 1 });
    // Duplicate and stale messages have no effect.
    await handleWebhookMessage(deps, { type: 'deliver', tenantId, deliveryId: d!.id, attempt: 1 });
    await handleWebhookMessage(deps, { type: 'deliver', tenantId, deliveryId: d!.id, attempt: 2 });
    expect(receiver.received.filter((r) => r.json?.data?.leadId === 'L1')).toHaveLength(1);
  });

  it('a lost nudge is picked up by the sweep', async () => {
    const item = outboxItem(tenantId, 'lead.won', { leadId: 'L2' }, clock.now());
    await deps.tenantTable(tenantId).transact([{ put: item }]); // no eventsCommitted: the nudge is lost
    const r = await sweepTenant(deps, tenantId);
    expect(r.events).toBe(1);
    await drain();
    await waitFor(() => receiver.received.some((x) => x.json?.data?.leadId === 'L2'), 'delivery of L2');
  });

  it('a worker that dies mid-flight loses nothing: the lease runs out and the same attempt is redone with the same webhook-id', async () => {
    const event = await emit('lead.created', { leadId: 'L3' });
    await dispatchTenant(deps, tenantId);
    const table = deps.tenantTable(tenantId);
    const subs = await table.query<{ id: string; url: string }>({ pk: 'WEBHOOK', skBeginsWith: 'WEBHOOK#' });
    const subA = subs.items.find((s) => s.url.endsWith('/a'))!;
    const id = `${event.eventId}${subA.id}`;
    // Simulate a worker that claimed attempt 1 and then died before recording anything.
    const now = clock.now();
    await table.update(WebhookDelivery.key({ deliveryId: id }), {
      set: {
        attempts: 1,
        leaseId: 'dead-worker',
        leaseUntilMs: now + ATTEMPT_LEASE_MS,
        ...WebhookDelivery.indexKeys('due', { dueAt: dueKey(now + ATTEMPT_LEASE_MS), deliveryId: id }),
      },
    });
    // Queued copies of attempt 1 are ignored while the lease is alive.
    expect(await attemptDelivery(deps, tenantId, id, 1)).toBe('skipped');
    expect(await requeueOverdue(deps, tenantId)).toBe(0);
    clock.advance(ATTEMPT_LEASE_MS + REQUEUE_GRACE_MS + 1000);
    expect(await requeueOverdue(deps, tenantId)).toBeGreaterThanOrEqual(1);
    while (await drain());
    const got = await waitFor(() => receiver.received.find((x) => x.json?.data?.leadId === 'L3'), 'redelivery of L3');
    expect(got.headers['webhook-id']).toBe(id);
    expect(await table.get<DeliveryItem>(WebhookDelivery.key({ deliveryId: id }))).toMatchObject({ status: 'DELIVERED', attempts: 1 });
    expect(receiver.received.filter((x) => x.json?.data?.leadId === 'L3')).toHaveLength(1);
  });
});
