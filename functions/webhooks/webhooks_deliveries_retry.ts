import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { retryDelivery } from '../../shared/workspace/webhooks/deliveries.js';
import { idPath } from '../../shared/workspace/webhooks/schema.js';
import { lambdaHandler } from '../lambda.js';
import { webhooks_deliveries_retryOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'webhooks_deliveries_retry',
  method: 'POST',
  path: '/api/webhooks/deliveries/{id}/retry',
  tag: 'webhooks',
  summary: 'Retry one failed delivery',
  description:
    'Queues one more attempt of a FAILED delivery now, with the same body and webhook-id (the signature timestamp is new). Answers 202 with the delivery (status RETRYING); it ends DELIVERED or FAILED again. 409 delivery_not_failed for any other status, 404 when absent.',
  output: webhooks_deliveries_retryOutput,
  access: 'tenant',
  scope: 'webhooks:write',
  input: { path: idPath },
  successStatus: 202,
  hints: { idempotent: false },
  resources: ['queue:webhooks'],
  handler: async ({ path }, ctx) => {
    const t = requireTenant(ctx);
    return retryDelivery(ctx.deps, t.tenantId, t.table, path.id);
  },
});
export const handler = lambdaHandler(operation);
