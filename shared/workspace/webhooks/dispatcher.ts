import { OutboxKeys, type DomainEvent } from '../../platform/events/outbox.js';
import { log } from '../../platform/runtime/logger.js';
import { ConditionFailed, type Item, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { attemptDelivery, enqueueAttempt, newDeliveryItem, type DeliveryItem } from './deliveries.js';
import { WEBHOOK_QUEUE, type WebhookMessage } from './queue.js';
import { deliveryBody } from './signing.js';
import { allSubscriptions, type SubscriptionItem } from './subscriptions.js';
import { WebhookDelivery, dueBefore } from './entities.js';
import { forEachTenant } from '../tenancy/each-tenant.js';

/**
 * The read side of the outbox. An event is dispatched in one transaction: it leaves the pending index
 * (status DISPATCHED) and one delivery per matching active subscription is created. Only then are the
 * first attempts queued; a lost queue message is found again by the sweep (deliveries stay on the
 * due index until they are DELIVERED or FAILED). Dispatching twice is harmless: the event condition
 * fails and nothing is written.
 */
export async function dispatchEvent(deps: Deps, table: TableStore, event: DomainEvent, subs: SubscriptionItem[]) {
  const now = deps.clock.now();
  const body = deliveryBody(event);
  const matching = subs.filter((s) => s.active && s.events.includes(event.kind));
  const deliveries = matching.map((s) => newDeliveryItem(event.tenantId, s.id, event, body, now));
  try {
    await table.transact([
      {
        update: OutboxKeys.event(event.eventId),
        spec: {
          set: { status: 'DISPATCHED', dispatchedAt: new Date(now).toISOString(), deliveries: deliveries.length, gsi1pk: undefined, gsi1sk: undefined },
          condition: { expression: '#s = :p', names: { '#s': 'status' }, values: { ':p': 'PENDING' } },
        },
      },
      ...deliveries.map((d) => ({ put: d as Item, condition: { expression: 'attribute_not_exists(pk)' } })),
    ]);
  } catch (e) {
    // Already dispatched elsewhere, or a conflicting transaction: the event stays pending if it was
    // not dispatched, and the next nudge or sweep takes it.
    if (e instanceof ConditionFailed || (e as Error).name === 'TransactionCanceledException') return 0;
    throw e;
  }
  for (const d of deliveries) await enqueueAttempt(deps, d, 1).catch(() => undefined);
  return deliveries.length;
}

/**
 * Dispatches a tenant's pending events (bounded per call; the next nudge or sweep continues). One
 * dispatch per tenant runs at a time in a process: a nudge arriving meanwhile makes the running one
 * read the pending index again instead of racing it over the same events. Delivery order across
 * events is not guaranteed (receivers order by `occurredAt`).
 */
const running = new Map<string, { again: boolean }>();
export async function dispatchTenant(deps: Deps, tenantId: string, maxEvents = 500): Promise<number> {
  const key = `${deps.config.tablePrefix}${tenantId}`;
  const current = running.get(key);
  if (current) {
    current.again = true;
    return 0;
  }
  const state = { again: true };
  running.set(key, state);
  let events = 0;
  try {
    while (state.again && events < maxEvents) {
      state.again = false;
      events += await dispatchPending(deps, tenantId, maxEvents - events);
    }
  } finally {
    running.delete(key);
  }
  return events;
}

async function dispatchPending(deps: Deps, tenantId: string, maxEvents: number) {
  const table = deps.tenantTable(tenantId);
  let subs: SubscriptionItem[] | undefined;
  let cursor: string | undefined;
  let events = 0;
  do {
    const page = await table.query<DomainEvent & { status: string }>({ index: 'gsi1', pk: 'EVENT#PENDING', limit: 50, cursor });
    if (page.items.length) subs ??= await allSubscriptions(table);
    for (let i = 0; i < page.items.length; i += 10) {
      await Promise.all(page.items.slice(i, i + 10).map((e) => dispatchEvent(deps, table, { ...e, tenantId }, subs!)));
    }
    events += page.items.length;
    cursor = page.cursor;
  } while (cursor && events < maxEvents);
  return events;
}

/**
 * How late a due delivery must be before the sweep assumes its queue message was lost and queues
 * another. Generous, so a backlogged queue is not flooded with copies (copies are harmless, only wasteful).
 */
export const REQUEUE_GRACE_MS = 5 * 60_000;

/** Deliveries whose time came more than `graceMs` ago with no attempt started (a lost message), or whose lease ran out. */
export async function requeueOverdue(deps: Deps, tenantId: string, graceMs = REQUEUE_GRACE_MS) {
  const table = deps.tenantTable(tenantId);
  const now = deps.clock.now();
  const page = await table.query<DeliveryItem>({ ...WebhookDelivery.query('due', {}), skLessThan: dueBefore(now - graceMs), limit: 100 });
  for (const d of page.items) {
    const leaseExpired = d.leaseUntilMs !== undefined && d.leaseUntilMs < now;
    await enqueueAttempt(deps, d, leaseExpired ? d.attempts : d.attempts + 1);
  }
  return page.items.length;
}

/** One tenant's share of the periodic sweep. A dropped tenant table is skipped. */
export async function sweepTenant(deps: Deps, tenantId: string) {
  try {
    return { events: await dispatchTenant(deps, tenantId), requeued: await requeueOverdue(deps, tenantId) };
  } catch (e) {
    if ((e as Error).name === 'ResourceNotFoundException') return { events: 0, requeued: 0 };
    throw e;
  }
}

/** Walks every tenant (platform gsi1 `TENANTS`), directly (local) or by fanning out queue messages (AWS). */
export async function sweepAllTenants(deps: Deps, mode: 'direct' | 'fanout') {
  const { tenants } = await forEachTenant(deps, 'webhook sweep', (tenantId) =>
    mode === 'fanout'
      ? // One sweep per tenant waits or runs at a time (as the send sweep: shared/mailing/sending/lease-sweep.ts).
        deps.queue!.send(WEBHOOK_QUEUE, { type: 'sweep-tenant', tenantId } satisfies WebhookMessage, { dedupeId: `sweep-${tenantId}` })
      : sweepTenant(deps, tenantId),
  );
  return tenants;
}

/** The webhook queue's consumer (SQS Lambda and the local worker run the same code). */
export async function handleWebhookMessage(deps: Deps, msg: WebhookMessage) {
  switch (msg?.type) {
    case 'dispatch':
      return void (await dispatchTenant(deps, msg.tenantId));
    case 'deliver':
      return void (await attemptDelivery(deps, msg.tenantId, msg.deliveryId, msg.attempt));
    case 'sweep-tenant':
      return void (await sweepTenant(deps, msg.tenantId));
    default:
      log.warn('unknown webhook message', { type: (msg as { type?: string })?.type });
  }
}
