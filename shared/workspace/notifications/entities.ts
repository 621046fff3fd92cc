import { defineEntity } from '../../platform/data/entity.js';

/**
 * A notification. Ids from newId() start with the creation time, so the sort key orders the feed by
 * time (descending = newest first) and still allows a get by id.
 */
export const NotificationEntity = defineEntity({
  entity: 'notification',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'NOTIFICATIONS', sk: 'NOTE#${notificationId}' } },
});
