import { conflict } from '../../platform/errors.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { requireAccount } from './accounts.js';
import { EmailAccount, emailAccountView, SenderDay, utcDay, type EmailAccountItem } from './entities.js';
import { unsendableReason } from './transport.js';
import { resetBounceWindow } from '../sending/bounce-guard.js';
import { capByDay, dailyCapOn, rampPreview, WarmupSchema } from './warmup.js';
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

/** Back to ACTIVE with a fresh bounce window (reset first: a resume that fails half-way leaves the mailbox suspended, never sendable on a tripped window). */
export async function resumeAccount(deps: Deps, table: TableStore, id: string) {
  await requireAccount(table, id);
  const at = new Date(deps.clock.now()).toISOString();
  await resetBounceWindow(table, id, at);
  return emailAccountView(await update(table, id, { status: 'ACTIVE', suspendedReason: null, suspendedAt: null, updatedAt: at }));
}

/** Recent sends, failures, bounces (last 7 UTC days and totals), last SMTP error, today's cap and use. */
export async function relayHealth(deps: Deps, table: TableStore, id: string) {
  const a = await requireAccount(table, id);
  const now = deps.clock.now();
  const from = utcDay(now - 6 * 86_400_000);
  // Every day row, newest first (one per UTC day the mailbox sent: ~365 small items a year, bounded).
  const rows: { day: string; sent?: number; failed?: number; bounced?: number; lastSentAt?: string; lastError?: string; lastErrorAt?: string }[] = [];
  for (let cursor: string | undefined, i = 0; i < 10; i++) {
    const page = await table.query<(typeof rows)[number]>({
      pk: EmailAccount.key({ accountId: id }).pk,
      skBetween: [SenderDay.key({ accountId: id, day: '0000-00-00' }).sk, SenderDay.key({ accountId: id, day: utcDay(now) }).sk],
      descending: true,
      limit: 400,
      cursor,
    });
    rows.push(...page.items);
    cursor = page.cursor;
    if (!cursor) break;
  }
  const count = (d: (typeof rows)[number]) => ({ day: d.day, sent: d.sent ?? 0, failed: d.failed ?? 0, bounced: d.bounced ?? 0 });
  const days = rows
    .filter((d) => d.day >= from)
    .map(count)
    .reverse();
  const today = days.find((d) => d.day === utcDay(now));
  const dailyCap = dailyCapOn(a, now);
  const sentToday = today?.sent ?? 0;
  const reason = unsendableReason(a, dailyCap, sentToday);
  const sum = (list: ReturnType<typeof count>[], k: 'sent' | 'failed' | 'bounced') => list.reduce((n, d) => n + d[k], 0);
  const all = rows.map(count);
  const lastError = rows.find((d) => d.lastError);
  return {
    accountId: id,
    status: a.status,
    sendable: !reason,
    reason: reason ?? null,
    today: { day: utcDay(now), cap: dailyCap, sent: sentToday, remaining: dailyCap === null ? null : Math.max(0, dailyCap - sentToday) },
    last7Days: { sent: sum(days, 'sent'), failed: sum(days, 'failed'), bounced: sum(days, 'bounced'), days },
    totals: { sent: sum(all, 'sent'), failed: sum(all, 'failed'), bounced: sum(all, 'bounced') },
    lastSmtpError: lastError ? { message: lastError.lastError!, at: lastError.lastErrorAt ?? null } : null,
    lastSentAt: rows.find((d) => d.lastSentAt)?.lastSentAt ?? null,
    lastConnectionCheck: a.lastConnectionCheck ?? null,
    dns: { status: a.dnsStatus ?? null, checkedAt: a.dnsCheckedAt ?? null, acknowledgedAt: a.dnsAcknowledgedAt ?? null },
    warmup: a.warmup ? { ...a.warmup, startedAt: a.warmupStartedAt } : null,
    capByDay: capByDay(a, now, (day) => rows.find((d) => d.day === day)?.sent ?? 0),
  };
}
