import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { idPath } from '../../shared/workspace/webhooks/schema.js';
import { deleteSubscription } from '../../shared/workspace/webhooks/subscriptions.js';
import { lambdaHandler } from '../lambda.js';
import { webhooks_deleteOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'webhooks_delete',
  method: 'DELETE',
  path: '/api/webhooks/{id}',
  tag: 'webhooks',
  summary: 'Delete a webhook subscription',
  description: 'Stops deliveries to the URL; deliveries still waiting for a retry end FAILED ("subscription deleted"). 404 when absent.',
  output: webhooks_deleteOutput,
  access: 'tenant',
  scope: 'webhooks:write',
  input: { path: idPath },
  hints: { destructive: true },
  handler: async ({ path }, ctx) => deleteSubscription(requireTenant(ctx).table, path.id),
});
export const handler = lambdaHandler(operation);
