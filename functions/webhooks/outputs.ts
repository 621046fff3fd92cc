import * as z from 'zod';
import { DELIVERY_STATUSES } from '../../shared/workspace/webhooks/deliveries.js';

/** Success answers of the webhooks operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
export const webhooks_createOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  active: z.boolean(),
  secretHint: z.string().describe('Last 4 characters of the secret (stored encrypted, never returned)'),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  updatedAt: z.string().describe('ISO 8601 time of the last change'),
  standardWebhooksSecret: z
    .string()
    .describe(
      'Shown once: whsec_ + base64(secret), for Standard Webhooks libraries. Each delivery is a POST of {id, type, occurredAt, tenantId, data} signed with ' +
        'X-SERVICE-Signature: sha256=<hex HMAC-SHA256(body, secret)> and webhook-id, webhook-timestamp, webhook-signature (v1)',
    ),
});

export const webhooks_deleteOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  deleted: z.boolean(),
});

/** One delivery attempt record, as the list and a retry answer it (shared/workspace/webhooks/deliveries.ts deliveryView). */
const deliveryOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  webhookId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES).describe('PENDING and RETRYING wait for nextAttemptAt; DELIVERED and FAILED are final'),
  attempts: z.number(),
  maxAttempts: z.number(),
  nextAttemptAt: z.string().nullable().describe('When the next attempt is due; null once DELIVERED or FAILED'),
  lastAttemptAt: z.string().nullable().describe('null before the first attempt'),
  lastStatusCode: z.number().nullable().describe("The receiver's last HTTP status; null before an answer"),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  updatedAt: z.string().describe('ISO 8601 time of the last change'),
});

export const webhooks_deliveries_listOutput = z.looseObject({
  data: z.array(deliveryOutput).describe('The items of this page'),
  pageSize: z.number().describe('Page size applied'),
  nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
});

export const webhooks_deliveries_retryOutput = deliveryOutput;

export const webhooks_getOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable().describe('null when none was given'),
  active: z.boolean(),
  secretHint: z.string(),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  updatedAt: z.string().describe('ISO 8601 time of the last change'),
});

export const webhooks_listOutput = z.looseObject({
  data: z
    .array(
      z.looseObject({
        id: z.string().describe('Identifier'),
        url: z.string(),
        events: z.array(z.string()),
        description: z.string().nullable().describe('null when none was given'),
        active: z.boolean(),
        secretHint: z.string(),
        createdAt: z.string().describe('ISO 8601 time of creation'),
        updatedAt: z.string().describe('ISO 8601 time of the last change'),
      }),
    )
    .describe('The items of this page'),
  pageSize: z.number().describe('Page size applied'),
  nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
});

export const webhooks_updateOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable().describe('null when none was given'),
  active: z.boolean(),
  secretHint: z.string(),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  updatedAt: z.string().describe('ISO 8601 time of the last change'),
});
