import type { Item, TableStore } from '../../platform/ports/table-store.js';
import { SendItem, type ItemStatus, type SendItemRecord } from './entities.js';
import { getTaskItem } from './tasks.js';

/** One send item as tasks_items answers it (taskItemOutput, ./schema.ts). */
const itemView = (i: Item) => ({
  contactId: i.contactId as string,
  email: (i.email as string | undefined) ?? null,
  status: i.status as ItemStatus,
  reason: (i.reason as string | undefined) ?? null,
  messageId: (i.messageId as string | undefined) ?? null,
  attempts: (i.attempts as number | undefined) ?? 0,
  smtp: (i.smtp as SendItemRecord['smtp']) ?? null,
  sentAt: (i.sentAt as string | undefined) ?? null,
  /** Clock time of the mailbox slot this send took (pacing). */
  slotAt: (i.slotAt as number | undefined) ?? null,
  openedAt: (i.openedAt as string | undefined) ?? null,
  clickedAt: (i.clickedAt as string | undefined) ?? null,
  recovered: Boolean(i.recovered),
  updatedAt: i.updatedAt as string,
});

/** A task's send items (one per list member), optionally by status and reason. */
export async function listTaskItems(table: TableStore, taskId: string, q: { limit: number; cursor?: string; status?: string; reason?: string }) {
  await getTaskItem(table, taskId);
  const conds: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (q.status) (conds.push('#s = :s'), (names['#s'] = 'status'), (values[':s'] = q.status));
  if (q.reason) (conds.push('#r = :r'), (names['#r'] = 'reason'), (values[':r'] = q.reason));
  const page = await table.query({
    ...SendItem.query('primary', { taskId }),
    limit: q.limit,
    cursor: q.cursor,
    ...(conds.length ? { filter: { expression: conds.join(' AND '), names, values } } : {}),
  });
  return { data: page.items.map(itemView), nextCursor: page.cursor ?? null };
}
