import type { Clock } from '../ports/clock.js';
import type { TableStore } from '../ports/table-store.js';
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
  const { month, resetsAt } = quotaPeriod(clock.now());
  const item = await table.get<{ used?: number }>(AccountQuota.key({ accountId, month }));
  const used = item?.used ?? 0;
  return { monthly, used, remaining: Math.max(0, monthly - used), resets_at: resetsAt };
}
