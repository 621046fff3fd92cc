import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listDeliveries } from '../../shared/workspace/webhooks/deliveries.js';
import { deliveriesQuery, idPath } from '../../shared/workspace/webhooks/schema.js';
import { lambdaHandler } from '../lambda.js';
import { webhooks_deliveries_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'webhooks_deliveries_list',
  method: 'GET',
  path: '/api/webhooks/{id}/deliveries',
  tag: 'webhooks',
  summary: 'List deliveries of a subscription',
  description:
    'Newest first. Query status (PENDING, RETRYING, DELIVERED, FAILED; e.g. status=FAILED), pageSize (1-100, default 20), cursor. Each delivery: {id (also the webhook-id header), webhookId, eventId, eventType, status, attempts, maxAttempts, nextAttemptAt, lastAttemptAt, lastStatusCode, lastError, deliveredAt, createdAt, updatedAt}. Automatic schedule: 6 attempts, retries after 10 s, 1 min, 5 min, 30 min, 2 h (+0-10 % jitter), then FAILED.',
  output: webhooks_deliveries_listOutput,
  access: 'tenant',
  scope: 'webhooks:read',
  input: { path: idPath, query: deliveriesQuery },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => listDeliveries(requireTenant(ctx).table, path.id, query),
  guidance: (r) =>
    r.data.some((d) => d.status === 'FAILED') ? { next: 'webhooks_deliveries_retry', why: 'Fix the receiver, then retry each FAILED delivery.' } : undefined,
});
export const handler = lambdaHandler(operation);
