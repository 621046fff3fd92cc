import * as z from 'zod';
import { defineOperation } from '../../shared/registry/operation.js';
import { requireTenant } from '../../shared/runtime/context.js';
import { webhookEvents, webhookSecret, webhookUrl } from '../../shared/webhooks/schema.js';
import { createSubscription } from '../../shared/webhooks/subscriptions.js';
import { lambdaHandler } from '../lambda.js';
import { webhooks_createOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'webhooks_create',
  method: 'POST',
  path: '/api/webhooks',
  tag: 'webhooks',
  summary: 'Subscribe a URL to events',
  description:
    'Body {url, events, secret, description?, active?}. url: HTTPS, public address (private, loopback, link-local and metadata targets are refused, also after DNS and on delivery). events: any of lead.created, lead.moved, lead.won, lead.lost, dialog.received, dialog.replied, task.completed, task.failed. secret: 24-256 printable ASCII characters, stored encrypted and never returned (only `secretHint`, its last 4 characters). Each delivery is a POST of `{id, type, occurredAt, tenantId, data}` signed with `X-SERVICE-Signature: sha256=<hex HMAC-SHA256(body, secret)>` and Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature v1; key = the secret\'s UTF-8 bytes, i.e. `standardWebhooksSecret` = whsec_+base64(secret), returned once here). Max 20 subscriptions (409 webhook_limit).',
  output: webhooks_createOutput,
  access: 'tenant',
  scope: 'webhooks:write',
  input: {
    body: z.strictObject({ url: webhookUrl, events: webhookEvents, secret: webhookSecret, description: z.string().max(200).optional(), active: z.boolean().optional() }),
  },
  successStatus: 201,
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => createSubscription(ctx.deps, requireTenant(ctx).table, body),
  guidance: (r) => ({ next: 'webhooks_deliveries_list', why: 'Deliveries start with the next matching event; failed ones are listed with status=FAILED.', check: `GET /api/webhooks/${r.id}/deliveries?status=FAILED` }),
});
export const handler = lambdaHandler(operation);
