import { randomBytes } from 'node:crypto';
import { conflict, notFound } from '../../platform/errors.js';
import { log } from '../../platform/runtime/logger.js';
import { ConditionFailed, type Item, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { outboundFetch } from '../../platform/security/outbound-fetch.js';
import { WEBHOOK_QUEUE, type WebhookMessage } from './queue.js';
import { ATTEMPT_LEASE_MS, ATTEMPT_TIMEOUT_MS, MAX_ATTEMPTS, retryDelayMs, signatureHeaders } from './signing.js';
import { getSubscriptionItem, subscriptionSecret } from './subscriptions.js';
import { WebhookDelivery, dueKey } from './entities.js';

/** PENDING (not tried yet) → DELIVERED | RETRYING (waiting for the next attempt) → ... → FAILED. */
export const DELIVERY_STATUSES = ['PENDING', 'RETRYING', 'DELIVERED', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface DeliveryItem {
  id: string;
  tenantId: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  /** The exact JSON body sent on every attempt. */
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  maxAttempts: number;
  dueAtMs: number;
  /** Set while an attempt is in flight (lease owner and expiry). */
  leaseId?: string;
  leaseUntilMs?: number;
  lastAttemptAt?: string;
  lastStatusCode?: number;
  lastError?: string;
  deliveredAt?: string;
  createdAt: string;
  updatedAt: string;
}

export const deliveryView = (d: DeliveryItem) => ({
  id: d.id,
  webhookId: d.subscriptionId,
  eventId: d.eventId,
  eventType: d.eventType,
  status: d.status,
  attempts: d.attempts,
  maxAttempts: d.maxAttempts,
  nextAttemptAt: d.status === 'PENDING' || d.status === 'RETRYING' ? new Date(d.dueAtMs).toISOString() : null,
  lastAttemptAt: d.lastAttemptAt ?? null,
  lastStatusCode: d.lastStatusCode ?? null,
  lastError: d.lastError ?? null,
  deliveredAt: d.deliveredAt ?? null,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

/** Delivery id: one per (event, subscription), deterministic so a repeated dispatch cannot double it. */
export const deliveryIdOf = (eventId: string, subscriptionId: string) => `${eventId}${subscriptionId}`;

/** The item a dispatch writes (in the same transaction that marks the event dispatched). */
export function newDeliveryItem(
  tenantId: string,
  subscriptionId: string,
  event: { eventId: string; kind: string },
  payload: string,
  now: number,
): Item & DeliveryItem {
  const id = deliveryIdOf(event.eventId, subscriptionId);
  const at = new Date(now).toISOString();
  return WebhookDelivery.item(
    { deliveryId: id, subscriptionId, status: 'PENDING', dueAt: dueKey(now) },
    {
      id,
      tenantId,
      subscriptionId,
      eventId: event.eventId,
      eventType: event.kind,
      payload,
      status: 'PENDING',
      attempts: 0,
      maxAttempts: MAX_ATTEMPTS,
      dueAtMs: now,
      createdAt: at,
      updatedAt: at,
      type: 'WebhookDelivery',
    },
  );
}

export async function listDeliveries(table: TableStore, subscriptionId: string, q: { status?: DeliveryStatus; pageSize?: number; cursor?: string }) {
  const pageSize = q.pageSize ?? 20;
  if (!(await getSubscriptionItem(table, subscriptionId))) throw notFound('Webhook');
  const page = q.status
    ? await table.query<DeliveryItem>({
        ...WebhookDelivery.query('byStatus', { subscriptionId, status: q.status }),
        limit: pageSize,
        cursor: q.cursor,
        descending: true,
      })
    : await table.query<DeliveryItem>({ ...WebhookDelivery.query('bySubscription', { subscriptionId }), limit: pageSize, cursor: q.cursor, descending: true });
  return { data: page.items.map(deliveryView), pageSize, nextCursor: page.cursor ?? null };
}

const send = async (deps: Deps, msg: WebhookMessage, delaySeconds = 0) => void (await deps.queue?.send(WEBHOOK_QUEUE, msg, { delaySeconds }));
export const enqueueAttempt = (deps: Deps, d: Pick<DeliveryItem, 'tenantId' | 'id'>, attempt: number, delaySeconds = 0) =>
  send(deps, { type: 'deliver', tenantId: d.tenantId, deliveryId: d.id, attempt }, delaySeconds);

/** Manual retry of a FAILED delivery: one more attempt, now, with the same webhook-id and body. */
export async function retryDelivery(deps: Deps, tenantId: string, table: TableStore, id: string) {
  const d = await table.get<DeliveryItem>(WebhookDelivery.key({ deliveryId: id }));
  if (!d) throw notFound('Delivery');
  if (d.status !== 'FAILED')
    throw conflict(`Only FAILED deliveries can be retried (this one is ${d.status})`, { code: 'delivery_not_failed', status: d.status });
  const now = deps.clock.now();
  try {
    const after = await table.update<DeliveryItem>(WebhookDelivery.key({ deliveryId: id }), {
      set: {
        status: 'RETRYING',
        maxAttempts: d.attempts + 1,
        dueAtMs: now,
        updatedAt: new Date(now).toISOString(),
        ...WebhookDelivery.indexKeys('due', { dueAt: dueKey(now), deliveryId: id }),
        ...WebhookDelivery.indexKeys('byStatus', { subscriptionId: d.subscriptionId, status: 'RETRYING', deliveryId: id }),
      },
      condition: { expression: '#s = :failed', names: { '#s': 'status' }, values: { ':failed': 'FAILED' } },
    });
    await enqueueAttempt(deps, { tenantId, id }, d.attempts + 1);
    return deliveryView(after);
  } catch (e) {
    if (e instanceof ConditionFailed) throw conflict('The delivery changed meanwhile; read it again', { code: 'delivery_not_failed' });
    throw e;
  }
}

/**
 * One delivery attempt, idempotent under duplicate and late messages. `attempt` is the attempt number
 * the message asks for: the next one (attempts + 1) when its time has come, or the current one when an
 * earlier worker started it and its lease ran out (the worker died mid-flight). Anything else is stale.
 */
export async function attemptDelivery(
  deps: Deps,
  tenantId: string,
  deliveryId: string,
  attempt: number,
): Promise<'delivered' | 'retrying' | 'failed' | 'skipped' | 'deferred'> {
  const table = deps.tenantTable(tenantId);
  const d = await table.get<DeliveryItem>(WebhookDelivery.key({ deliveryId }));
  if (!d || (d.status !== 'PENDING' && d.status !== 'RETRYING')) return 'skipped';
  const now = deps.clock.now();
  const resume = attempt === d.attempts && d.leaseUntilMs !== undefined && d.leaseUntilMs < now;
  if (!resume && attempt !== d.attempts + 1) return 'skipped';
  if (!resume && d.leaseUntilMs !== undefined) return 'skipped';
  if (!resume && d.dueAtMs > now + 1000) {
    // Not due yet (SQS delays stop at 15 minutes): wait the rest in the queue.
    await enqueueAttempt(deps, d, attempt, Math.ceil((d.dueAtMs - now) / 1000));
    return 'deferred';
  }
  const leaseId = randomBytes(8).toString('hex');
  const leaseUntilMs = now + ATTEMPT_LEASE_MS;
  try {
    await table.update(WebhookDelivery.key({ deliveryId }), {
      set: {
        attempts: attempt,
        leaseId,
        leaseUntilMs,
        lastAttemptAt: new Date(now).toISOString(),
        ...WebhookDelivery.indexKeys('due', { dueAt: dueKey(leaseUntilMs), deliveryId }),
      },
      condition: {
        expression: 'attempts = :prev AND #s IN (:p, :r) AND (attribute_not_exists(leaseUntilMs) OR leaseUntilMs < :now)',
        names: { '#s': 'status' },
        values: { ':prev': d.attempts, ':p': 'PENDING', ':r': 'RETRYING', ':now': now },
      },
    });
  } catch (e) {
    if (e instanceof ConditionFailed) return 'skipped';
    throw e;
  }
  const outcome = await post(deps, table, d);
  return record(deps, table, { ...d, attempts: attempt, leaseId }, outcome);
}

async function post(deps: Deps, table: TableStore, d: DeliveryItem): Promise<{ ok: boolean; statusCode?: number; error?: string; gone?: boolean }> {
  const sub = await getSubscriptionItem(table, d.subscriptionId);
  if (!sub) return { ok: false, error: 'subscription deleted', gone: true };
  const headers = signatureHeaders(subscriptionSecret(deps, sub), d.id, Math.floor(deps.clock.now() / 1000), d.payload);
  try {
    const res = await outboundFetch({
      url: sub.url,
      method: 'POST',
      body: d.payload,
      headers: { 'content-type': 'application/json', 'user-agent': 'svc-webhooks/1.0', ...headers },
      requireHttps: true,
      allowLoopback: deps.config.allowLoopbackTargets,
      dnsServers: deps.config.dnsServers,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
      maxRedirects: 0,
      maxBodyBytes: 4096,
    });
    // Deliveries do not follow redirects: a 3xx is a failed attempt, like any non-2xx.
    return res.status >= 200 && res.status < 300 ? { ok: true, statusCode: res.status } : { ok: false, statusCode: res.status, error: `HTTP ${res.status}` };
  } catch (e) {
    return { ok: false, error: String((e as Error).message).slice(0, 300) };
  }
}

async function record(deps: Deps, table: TableStore, d: DeliveryItem, o: { ok: boolean; statusCode?: number; error?: string; gone?: boolean }) {
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const status: DeliveryStatus = o.ok ? 'DELIVERED' : o.gone || d.attempts >= d.maxAttempts ? 'FAILED' : 'RETRYING';
  const dueAtMs = status === 'RETRYING' ? now + retryDelayMs(d.attempts) : d.dueAtMs;
  const set: Record<string, unknown> = {
    status,
    dueAtMs,
    updatedAt: at,
    lastStatusCode: o.statusCode,
    lastError: o.error,
    leaseId: undefined,
    leaseUntilMs: undefined,
    ...WebhookDelivery.indexKeys('byStatus', { subscriptionId: d.subscriptionId, status, deliveryId: d.id }),
    ...(status === 'RETRYING' ? WebhookDelivery.indexKeys('due', { dueAt: dueKey(dueAtMs), deliveryId: d.id }) : { gsi1pk: undefined, gsi1sk: undefined }),
    ...(o.ok ? { deliveredAt: at } : {}),
  };
  try {
    await table.update(WebhookDelivery.key({ deliveryId: d.id }), { set, condition: { expression: 'leaseId = :l', values: { ':l': d.leaseId } } });
  } catch (e) {
    if (e instanceof ConditionFailed) return 'skipped'; // our lease expired and another worker took over
    throw e;
  }
  if (status === 'RETRYING') await enqueueAttempt(deps, d, d.attempts + 1, Math.ceil((dueAtMs - now) / 1000));
  if (status === 'FAILED') log.warn('webhook delivery failed', { tenantId: d.tenantId, deliveryId: d.id, attempts: d.attempts, error: o.error });
  return status === 'DELIVERED' ? 'delivered' : status === 'FAILED' ? 'failed' : 'retrying';
}
