/**
 * Tenant-table keys of notifications, declared once. Ids from newId() start with the creation time,
 * so the sort key orders the feed by time (descending = newest first) and still allows a get by id.
 */
export const NotificationKeys = {
  partition: 'NOTIFICATIONS',
  prefix: 'NOTE#',
  notification: (id: string) => ({ pk: 'NOTIFICATIONS', sk: `NOTE#${id}` }),
};
