import { createHmac } from 'node:crypto';

/**
 * Delivery signing. The key is the UTF-8 bytes of the subscription secret, for both schemes:
 * - `X-SERVICE-Signature: sha256=<hex HMAC-SHA256 of the raw body>` (the spec's header);
 * - Standard Webhooks: `webhook-id` (the delivery id, the same on every retry), `webhook-timestamp`
 *   (unix seconds of this attempt) and `webhook-signature: v1,<base64 HMAC of "id.timestamp.body">`.
 *   A receiver using the `standardwebhooks` package verifies with
 *   `new Webhook('whsec_' + Buffer.from(secret).toString('base64'))` (or `new Webhook(secret, {format:'raw'})`);
 *   the create response carries that `whsec_` string once as `standardWebhooksSecret`.
 */
export function signatureHeaders(secret: string, webhookId: string, timestampSeconds: number, body: string): Record<string, string> {
  const key = Buffer.from(secret, 'utf8');
  const hex = createHmac('sha256', key).update(body, 'utf8').digest('hex');
  const v1 = createHmac('sha256', key).update(`${webhookId}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return {
    'X-SERVICE-Signature': `sha256=${hex}`,
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${v1}`,
  };
}

/** The delivery body: the event as `{id, type, occurredAt, tenantId, data}` (id = event id). */
export const deliveryBody = (e: { eventId: string; kind: string; occurredAt: string; tenantId: string; data: Record<string, unknown> }) =>
  JSON.stringify({ id: e.eventId, type: e.kind, occurredAt: e.occurredAt, tenantId: e.tenantId, data: e.data });

/**
 * Automatic retry schedule: 6 attempts. Attempt 1 right after the event; after a failed attempt n the
 * next one waits RETRY_DELAYS_SECONDS[n-1] (10 s, 1 min, 5 min, 30 min, 2 h) plus up to 10 % jitter.
 * After attempt 6 fails the delivery is FAILED (retry it by hand).
 */
export const RETRY_DELAYS_SECONDS = [10, 60, 300, 1800, 7200] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** How long a started attempt holds its delivery; a worker that dies mid-flight releases it by expiry. */
export const ATTEMPT_LEASE_MS = 60_000;

export const retryDelayMs = (failedAttempt: number, random = Math.random()) =>
  Math.round(RETRY_DELAYS_SECONDS[Math.min(failedAttempt, RETRY_DELAYS_SECONDS.length) - 1] * 1000 * (1 + 0.1 * random));
