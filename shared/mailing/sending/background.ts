import { defineSchedule, defineWorker } from '../../platform/registry/background.js';
import { SEND_QUEUE, type SendMessage } from './queue.js';
import { handleSendMessage } from './consumer.js';
import { sweepAllTenantSends } from './lease-sweep.js';
import { closeIdle } from './transports.js';

/**
 * The `sends` consumer: task builds, single sends and per-tenant lease sweeps (each message idempotent:
 * the send item's status decides). Visibility 180 s > the 150 s timeout, inside which the 120 s item
 * lease and a send's ~70 s of SMTP timeouts fit. Concurrency 10, also reserved: it bounds the SMTP
 * transactions open at once in total (the local runtime used 16, with no reason of its own).
 */
export const sendsWorker = defineWorker<SendMessage>({
  name: 'sends_worker',
  tag: 'tasks',
  queue: SEND_QUEUE,
  handler: handleSendMessage,
  visibility: 180,
  maxReceives: 8,
  batchSize: 1,
  concurrency: 10,
  reserve: true,
  parallel: true,
  timeout: 150,
  memorySize: 512,
  resources: ['tenantTables', 'platformTable:write', 'tenantMail', `queue:${SEND_QUEUE}`],
  local: {
    // A restarted runtime takes its dead predecessor's batches back at once: the worker recovers the item
    // leases that instance held (sendItems) instead of waiting 180 s for the message and 120 s for the leases.
    reclaimOnStart: true,
    concurrency: (local) => local.sendConcurrency,
    onStop: () => closeIdle(0),
  },
});

/** The lease sweep: one `sweep-tenant` message per tenant, whose worker re-queues lost messages and recovers expired leases. */
export const sendsSweep = defineSchedule({
  name: 'sends_sweep',
  tag: 'tasks',
  every: { minutes: 1 },
  handler: (deps) => sweepAllTenantSends(deps, 'fanout'),
  timeout: 120,
  resources: ['tenantTables', `queue:${SEND_QUEUE}`],
  local: { everyMs: (local) => local.sendSweepMs },
});
