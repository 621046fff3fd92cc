import { defineSchedule, defineWorker } from '../../platform/registry/background.js';
import { handleWebhookMessage, sweepAllTenants } from './dispatcher.js';
import { WEBHOOK_QUEUE, type WebhookMessage } from './queue.js';

/**
 * The `webhooks` consumer: dispatch nudges, delivery attempts and per-tenant sweeps, idempotent per
 * message. Visibility 90 s > the 60 s timeout (an attempt is at most 10 s; a batch of 10 runs at once).
 * Five invocations of ten: 50 attempts in flight, mostly waiting on customers' endpoints.
 */
export const webhooksWorker = defineWorker<WebhookMessage>({
  name: 'webhooks_worker',
  tag: 'webhooks',
  queue: WEBHOOK_QUEUE,
  handler: handleWebhookMessage,
  visibility: 90,
  maxReceives: 5,
  batchSize: 10,
  concurrency: 5,
  parallel: true,
  timeout: 60,
  resources: ['tenantTables', `queue:${WEBHOOK_QUEUE}`],
});

/** One `sweep-tenant` message per tenant: pending outbox events dispatched, overdue deliveries re-queued, so a lost nudge never loses an event. */
export const webhooksSweep = defineSchedule({
  name: 'webhooks_sweep',
  tag: 'webhooks',
  every: { minutes: 1 },
  handler: (deps) => sweepAllTenants(deps, 'fanout'),
  timeout: 120,
  resources: ['tenantTables', `queue:${WEBHOOK_QUEUE}`],
  local: { everyMs: (local) => local.webhookSweepMs },
});
