/**
 * Tenant-table keys of webhooks (declared once):
 * - subscriptions under one partition, in creation order, plus a counter item for the per-tenant cap;
 * - deliveries one partition each (read by id for retry), listed per subscription on gsi3 (all) and
 *   gsi2 (per status), and on gsi1 `WHDELIVERY#DUE` by due time while not terminal (the sweep's index).
 */
export const WebhookKeys = {
  subscription: (id: string) => ({ pk: 'WEBHOOK', sk: `WEBHOOK#${id}` }),
  subscriptionPrefix: 'WEBHOOK#',
  subscriptionCount: () => ({ pk: 'WEBHOOK', sk: 'COUNT' }),
  delivery: (id: string) => ({ pk: `DELIVERY#${id}`, sk: 'DELIVERY' }),
  deliveriesOf: (subscriptionId: string, id: string) => ({ gsi3pk: `WEBHOOK#${subscriptionId}#DELIVERIES`, gsi3sk: id }),
  deliveriesByStatus: (subscriptionId: string, status: string, id: string) => ({ gsi2pk: `WEBHOOK#${subscriptionId}#DELIVERIES#${status}`, gsi2sk: id }),
  due: (dueAtMs: number, id: string) => ({ gsi1pk: 'WHDELIVERY#DUE', gsi1sk: `${String(Math.floor(dueAtMs)).padStart(15, '0')}#${id}` }),
  duePk: 'WHDELIVERY#DUE',
  dueBefore: (ms: number) => `${String(Math.floor(ms)).padStart(15, '0')}#~`,
};

/** The logical queue of webhook work (dispatch nudges, delivery attempts, per-tenant sweeps). */
export const WEBHOOK_QUEUE = 'webhooks';

export type WebhookMessage =
  | { type: 'dispatch'; tenantId: string }
  | { type: 'deliver'; tenantId: string; deliveryId: string; attempt: number }
  | { type: 'sweep-tenant'; tenantId: string };
