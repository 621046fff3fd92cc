import type { Item, TableStore } from '../../platform/ports/table-store.js';
import { SendItem } from './entities.js';
import { getTaskItem } from './tasks.js';

const itemView = (i: Item) => ({
  contactId: i.contactId as string,
  email: (i.email as string) ?? null,
  status: i.status as string,
  reason: (i.reason as string) ?? null,
  messageId: (i.messageId as string) ?? null,
  attempts: (i.attempts as number) ?? 0,
  smtp: (i.smtp as Record<string, unknown>) ?? null,
  sentAt: (i.sentAt as string) ?? null,
  /** Clock time of the mailbox slot this send took (pacing). */
  slotAt: (i.slotAt as number) ?? null,
  openedAt: (i.openedAt as string) ?? null,
  clickedAt: (i.clickedAt as string) ?? null,
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
