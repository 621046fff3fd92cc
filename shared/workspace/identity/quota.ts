import type { Clock } from '../../platform/ports/clock.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import { AccountQuota } from './entities.js';

/** Calendar-month quota: the month key and the instant it resets (00:00 UTC on the 1st of next month). */
export function quotaPeriod(now: number) {
  const d = new Date(now);
  const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  const resetsAt = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString();
  return { month, resetsAt };
}

export interface QuotaView {
  monthly: number;
  used: number;
  remaining: number;
  resets_at: string;
}

export async function readQuota(table: TableStore, clock: Clock, accountId: string, monthly: number): Promise<QuotaView> {
  const period = quotaPeriod(clock.now());
  return quotaView(period, monthly, await readQuotaUsed(table, accountId, period.month));
}

/** Messages counted in `month` (`YYYY-MM`). */
export async function readQuotaUsed(table: TableStore, accountId: string, month: string): Promise<number> {
  const item = await table.get<{ used?: number }>(AccountQuota.key({ accountId, month }));
  return item?.used ?? 0;
}

/**
 * The month's count as GET /v1/me shows it, remembered in-process for at most `ttlMs` of the caller's
 * clock (the key cache's bound, KEY_CACHE_MS: 5 s in the embedded runtime, 0 = always read when
 * deployed). The one writer of the counter, `countMessage`, forgets it in this process before and after
 * each write, so in the embedded runtime (one process serving every route) the profile never shows a
 * count older than the caller's own last send. Another process's sends show within the bound; the
 * figure is informational, the quota itself is enforced by the write's condition (messages.ts).
 */
export async function recallQuotaUsed(table: TableStore, accountId: string, month: string, now: number, ttlMs: number): Promise<number> {
  if (ttlMs <= 0) return readQuotaUsed(table, accountId, month);
  const id = `${table.tableName}\n${accountId}\n${month}`;
  const entry = remembered.get(id);
  if (entry && now >= entry.at && now - entry.at < ttlMs) return entry.used;
  // Concurrent callers share one read (when the entry lapses under load, 50 reads would queue at once),
  // unless a count started since it was sent.
  const shared = reading.get(id);
  if (shared && shared.counts === counts) return shared.used;
  const read = { counts, used: readQuotaUsed(table, accountId, month) };
  reading.set(id, read);
  try {
    const used = await read.used;
    // A count made while this read was in flight may or may not be in `used`: answer it, keep nothing.
    if (counts === read.counts) remember(id, { used, at: now });
    return used;
  } finally {
    if (reading.get(id) === read) reading.delete(id);
  }
}

/** Runs the counter's write (messages.ts) so that no count remembered before or during it is answered after it. */
export async function countMessage<T>(table: TableStore, accountId: string, month: string, write: () => Promise<T>): Promise<T> {
  const id = `${table.tableName}\n${accountId}\n${month}`;
  counts++;
  remembered.delete(id);
  try {
    return await write();
  } finally {
    counts++;
    remembered.delete(id);
  }
}

/** Every count this process started or finished: a read that saw it change remembers nothing. */
let counts = 0;
const remembered = new Map<string, { used: number; at: number }>();
const reading = new Map<string, { counts: number; used: Promise<number> }>();
/** As many as the key cache: one per account it remembers; the oldest goes first beyond it. */
const MAX_REMEMBERED = 5_000;
function remember(id: string, entry: { used: number; at: number }) {
  remembered.delete(id);
  remembered.set(id, entry);
  if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
}

export const quotaView = (period: { resetsAt: string }, monthly: number, used: number): QuotaView => ({
  monthly,
  used,
  remaining: Math.max(0, monthly - used),
  resets_at: period.resetsAt,
});
