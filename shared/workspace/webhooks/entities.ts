import { defineEntity } from '../../platform/data/entity.js';

/** Tenant-table entities of webhooks. */

/** Subscriptions share one partition, in creation order. */
export const WebhookSubscription = defineEntity({
  entity: 'webhook_subscription',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'WEBHOOK', sk: 'WEBHOOK#${subscriptionId}' } },
});

/** The counter behind the per-tenant subscription cap. */
export const WebhookSubscriptionCount = defineEntity({
  entity: 'webhook_subscription_count',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'WEBHOOK', sk: 'COUNT' } },
});

/**
 * A delivery, one partition each (read by id for retry); listed per subscription on gsi3 (all) and gsi2
 * (per status), and on gsi1 by due time while not terminal (the sweep's index). `dueAt` is dueKey(ms).
 */
export const WebhookDelivery = defineEntity({
  entity: 'webhook_delivery',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'DELIVERY#${deliveryId}', sk: 'DELIVERY' },
    due: { index: 'gsi1', pk: 'WHDELIVERY#DUE', sk: '${dueAt}#${deliveryId}' },
    byStatus: { index: 'gsi2', pk: 'WEBHOOK#${subscriptionId}#DELIVERIES#${status}', sk: '${deliveryId}' },
    bySubscription: { index: 'gsi3', pk: 'WEBHOOK#${subscriptionId}#DELIVERIES', sk: '${deliveryId}' },
  },
});

/** Epoch ms as a fixed-width sort key: string order is time order. */
export const dueKey = (ms: number) => String(Math.floor(ms)).padStart(15, '0');
/** An upper bound (exclusive of nothing due later) for due items up to `ms`: '~' sorts after every id. */
export const dueBefore = (ms: number) => `${dueKey(ms)}#~`;
