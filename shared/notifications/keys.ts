/** Tenant-table keys of notifications, declared once (newest first = descending sk). */
export const NotificationKeys = {
  partition: 'NOTIFICATIONS',
  prefix: 'NOTE#',
  notification: (at: string, id: string) => ({ pk: 'NOTIFICATIONS', sk: `NOTE#${at}#${id}` }),
};
