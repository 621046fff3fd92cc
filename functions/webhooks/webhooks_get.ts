import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { idPath } from '../../shared/workspace/webhooks/schema.js';
import { getSubscription } from '../../shared/workspace/webhooks/subscriptions.js';
import { lambdaHandler } from '../lambda.js';
import { webhooks_getOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'webhooks_get',
  method: 'GET',
  path: '/api/webhooks/{id}',
  tag: 'webhooks',
  summary: 'Get one webhook subscription',
  description: 'The subscription without its secret (secretHint only). 404 when absent.',
  output: webhooks_getOutput,
  access: 'tenant',
  scope: 'webhooks:read',
  input: { path: idPath },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => getSubscription(requireTenant(ctx).table, path.id),
});
export const handler = lambdaHandler(operation);
