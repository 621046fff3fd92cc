import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { webhookEvents, webhookSecret, webhookUrl } from '../../shared/workspace/webhooks/schema.js';
import { createSubscription } from '../../shared/workspace/webhooks/subscriptions.js';
import { lambdaHandler } from '../lambda.js';
import { webhooks_createOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'webhooks_create',
  method: 'POST',
  path: '/api/webhooks',
  tag: 'webhooks',
  summary: 'Subscribe a URL to events',
  description:
    'Body {url, events, secret, description?, active?}. url: public HTTPS (private, loopback, link-local and metadata targets are refused, also after DNS and on delivery). ' +
    'events: lead.created, lead.moved, lead.won, lead.lost, dialog.received, dialog.replied, task.completed, task.failed, email_account.bounce_rate_exceeded (a sender mailbox suspended by the bounce guard). secret: 24-256 printable ASCII, stored encrypted. ' +
    'Deliveries are signed (see standardWebhooksSecret in the answer). Max 20 subscriptions (409 webhook_limit).',
  output: webhooks_createOutput,
  access: 'tenant',
  scope: 'webhooks:write',
  input: {
    body: z.strictObject({
      url: webhookUrl,
      events: webhookEvents,
      secret: webhookSecret,
      description: z.string().max(200).optional(),
      active: z.boolean().optional(),
    }),
  },
  successStatus: 201,
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => createSubscription(ctx.deps, requireTenant(ctx).table, body),
  guidance: (r) => ({
    next: 'webhooks_deliveries_list',
    why: 'Deliveries start with the next matching event; failed ones are listed with status=FAILED.',
    check: `GET /api/webhooks/${r.id}/deliveries?status=FAILED`,
  }),
});
export const handler = lambdaHandler(operation);
