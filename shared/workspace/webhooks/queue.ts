/** The logical queue of webhook work (dispatch nudges, delivery attempts, per-tenant sweeps). */
export const WEBHOOK_QUEUE = 'webhooks';

export type WebhookMessage =
  | { type: 'dispatch'; tenantId: string }
  | { type: 'deliver'; tenantId: string; deliveryId: string; attempt: number }
  | { type: 'sweep-tenant'; tenantId: string };
