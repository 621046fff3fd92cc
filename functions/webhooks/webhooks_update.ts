import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { idPath, webhookEvents, webhookSecret, webhookUrl } from '../../shared/workspace/webhooks/schema.js';
import { updateSubscription } from '../../shared/workspace/webhooks/subscriptions.js';
import { lambdaHandler } from '../lambda.js';
import { webhooks_updateOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'webhooks_update',
  method: 'PATCH',
  path: '/api/webhooks/{id}',
  tag: 'webhooks',
  summary: 'Change a webhook subscription',
  description:
    'Body with any of {url, events, secret, description, active}. A new secret (24-256 printable ASCII) rotates signing for every later attempt, retries of older deliveries included. active=false pauses new deliveries. 404 when absent.',
  output: webhooks_updateOutput,
  access: 'tenant',
  scope: 'webhooks:write',
  input: {
    path: idPath,
    body: z.strictObject({
      url: webhookUrl.optional(),
      events: webhookEvents.optional(),
      secret: webhookSecret.optional(),
      description: z.string().max(200).nullable().optional(),
      active: z.boolean().optional(),
    }),
  },
  hints: { idempotent: true },
  handler: async ({ path, body }, ctx) => updateSubscription(ctx.deps, requireTenant(ctx).table, path.id, body),
});
export const handler = lambdaHandler(operation);
