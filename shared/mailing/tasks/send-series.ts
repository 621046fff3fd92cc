import type { Item, TableStore } from '../../platform/ports/table-store.js';
import { SendItem } from './entities.js';
import { getTaskItem } from './tasks.js';

/** One minute of a task's sends: how many items became SENT, BOUNCED or FAILED in it. */
export interface SendMinute {
  /** The minute's start, unix seconds (UTC). */
  t: number;
  sent: number;
  bounced: number;
  failed: number;
}

/** Pages of the item partition read at most (1 MB each: ~2,000 items of ~0.5 KB), so a call stays bounded. */
const MAX_PAGES = 20;
/** Minutes answered at most (the newest): a slow task's day fits, the plot stays readable. */
export const MAX_MINUTES = 1440;

/**
 * Counts final items per minute, from the times the send worker already stores on each item
 * (sentAt for SENT; updatedAt, the moment of the final transition, for BOUNCED and FAILED). Minutes
 * without a send between the first and the last are answered as zeros, so the plot shows pauses and
 * closed send windows as gaps rather than joining across them.
 */
export function bucketSends(items: { status?: unknown; sentAt?: unknown; updatedAt?: unknown }[]): SendMinute[] {
  const byMinute = new Map<number, SendMinute>();
  for (const i of items) {
    const kind = i.status === 'SENT' ? 'sent' : i.status === 'BOUNCED' ? 'bounced' : i.status === 'FAILED' ? 'failed' : undefined;
    if (!kind) continue;
    const ms = Date.parse(String((kind === 'sent' ? (i.sentAt ?? i.updatedAt) : i.updatedAt) ?? ''));
    if (!Number.isFinite(ms)) continue;
    const t = Math.floor(ms / 60_000) * 60;
    const m = byMinute.get(t) ?? { t, sent: 0, bounced: 0, failed: 0 };
    m[kind]++;
    byMinute.set(t, m);
  }
  if (!byMinute.size) return [];
  const times = [...byMinute.keys()].sort((a, b) => a - b);
  const last = times[times.length - 1];
  const first = Math.max(times[0], last - (MAX_MINUTES - 1) * 60);
  const out: SendMinute[] = [];
  for (let t = first; t <= last; t += 60) out.push(byMinute.get(t) ?? { t, sent: 0, bounced: 0, failed: 0 });
  return out;
}

/** SKIPPED items by reason (read with the series at no extra cost: the counters keep only the total). */
export function skippedByReason(items: { status?: unknown; reason?: unknown }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of items) if (i.status === 'SKIPPED') out[String(i.reason ?? 'unknown')] = (out[String(i.reason ?? 'unknown')] ?? 0) + 1;
  return out;
}

/**
 * A task's sends per minute, read from its send items (one Query of the task's partition; nothing is
 * written to record it). `truncated` says the partition had more pages than a call reads.
 */
export async function taskSendSeries(table: TableStore, taskId: string) {
  const task = await getTaskItem(table, taskId);
  const items: Item[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await table.query({ ...SendItem.query('primary', { taskId }), cursor });
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor && ++pages < MAX_PAGES);
  return {
    taskId,
    status: task.status,
    bucketSeconds: 60 as const,
    data: bucketSends(items),
    skippedByReason: skippedByReason(items),
    truncated: Boolean(cursor),
  };
}
