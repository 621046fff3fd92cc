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

export const quotaView = (period: { resetsAt: string }, monthly: number, used: number): QuotaView => ({
  monthly,
  used,
  remaining: Math.max(0, monthly - used),
  resets_at: period.resetsAt,
});
