import { conflict } from '../errors.js';
import type { TableStore } from '../ports/table-store.js';
import type { Deps } from '../runtime/deps.js';
import { requireAccount } from './accounts.js';
import { EmailAccount, emailAccountView, SenderDay, utcDay, type EmailAccountItem } from './entities.js';
import { unsendableReason } from './transport.js';
import { dailyCapOn, rampPreview, WarmupSchema } from './warmup.js';
import type * as z from 'zod';

/** Warm-up, suspension and relay health of one sender mailbox. */
const update = (table: TableStore, id: string, set: Record<string, unknown>) =>
  table.update<EmailAccountItem>(EmailAccount.key({ accountId: id }), { set, condition: { expression: 'attribute_exists(pk)' } });

export async function startWarmup(deps: Deps, table: TableStore, id: string, input: z.infer<typeof WarmupSchema>) {
  await requireAccount(table, id);
  if (input.maxPerDay < input.startPerDay) throw conflict('maxPerDay must be at least startPerDay', { code: 'invalid_ramp' });
  const at = new Date(deps.clock.now()).toISOString();
  const a = await update(table, id, { warmup: input, warmupStartedAt: at, updatedAt: at });
  return { accountId: id, warmup: input, warmupStartedAt: at, todayCap: dailyCapOn(a, deps.clock.now()), ramp: rampPreview(input) };
}

export async function suspendAccount(deps: Deps, table: TableStore, id: string, reason?: string) {
  await requireAccount(table, id);
  const at = new Date(deps.clock.now()).toISOString();
  return emailAccountView(await update(table, id, { status: 'SUSPENDED', suspendedReason: reason ?? 'suspended_by_user', suspendedAt: at, updatedAt: at }));
}

export async function resumeAccount(deps: Deps, table: TableStore, id: string) {
  await requireAccount(table, id);
  const at = new Date(deps.clock.now()).toISOString();
  return emailAccountView(await update(table, id, { status: 'ACTIVE', suspendedReason: null, suspendedAt: null, updatedAt: at }));
}

/** Recent sends, failures, bounces (last 7 UTC days and totals), last SMTP error, today's cap and use. */
export async function relayHealth(deps: Deps, table: TableStore, id: string) {
  const a = await requireAccount(table, id);
  const now = deps.clock.now();
  const from = utcDay(now - 6 * 86_400_000);
  const page = await table.query<{ day: string; sent?: number; failed?: number; bounced?: number }>({
    pk: EmailAccount.key({ accountId: id }).pk,
    skBetween: [SenderDay.key({ accountId: id, day: from }).sk, SenderDay.key({ accountId: id, day: utcDay(now) }).sk],
    limit: 10,
  });
  const days = page.items.map((d) => ({ day: d.day, sent: d.sent ?? 0, failed: d.failed ?? 0, bounced: d.bounced ?? 0 }));
  const today = days.find((d) => d.day === utcDay(now));
  const dailyCap = dailyCapOn(a, now);
  const sentToday = today?.sent ?? 0;
  const reason = unsendableReason(a, dailyCap, sentToday);
  const sum = (k: 'sent' | 'failed' | 'bounced') => days.reduce((n, d) => n + d[k], 0);
  return {
    accountId: id,
    status: a.status,
    sendable: !reason,
    reason: reason ?? null,
    today: { day: utcDay(now), cap: dailyCap, sent: sentToday, remaining: dailyCap === null ? null : Math.max(0, dailyCap - sentToday) },
    last7Days: { sent: sum('sent'), failed: sum('failed'), bounced: sum('bounced'), days },
    totals: { sent: a.relaySent ?? 0, failed: a.relayFailed ?? 0, bounced: a.relayBounced ?? 0 },
    lastSmtpError: a.relayLastError ? { message: a.relayLastError, at: a.relayLastErrorAt ?? null } : null,
    lastSentAt: a.relayLastSentAt ?? null,
    lastConnectionCheck: a.lastConnectionCheck ?? null,
    dns: { status: a.dnsStatus ?? null, checkedAt: a.dnsCheckedAt ?? null, acknowledgedAt: a.dnsAcknowledgedAt ?? null },
    warmup: a.warmup ? { ...a.warmup, startedAt: a.warmupStartedAt } : null,
  };
}
