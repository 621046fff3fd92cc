import type { TableStore } from '../../platform/ports/table-store.js';
import { dayCounterAttr, PROVIDERS, type Provider } from '../deliverability/matrix.js';
import { SenderDay, utcDay } from '../senders/entities.js';

/** Recent = the last 7 UTC days (as relayHealth), today included. */
export const PLACEMENT_DAYS = 7;
/** A provider refusing at least this share of the mailbox's sends (and at least one) is named in the advice. */
export const BOUNCE_ALERT_RATE = 0.05;
/** Below this many measured sends the limit is raised step by step, not at once. */
const MEASURED_ENOUGH = 50;

export interface ProviderStats {
  sent: number;
  delivered: number;
  bounced: number;
  bounceRate: number | null;
}

/**
 * Placement advice for the campaign's sender from measurement (the spec's playbook: send by
 * measurement, start with limit=1, read placement per provider; on spam placement change one variable
 * at a time: relay first, then creative, then volume). Reads the mailbox's day rows of the last 7 days
 * in one Query: the send engine adds `dlv_<provider>_sent` (accepted) and `dlv_<provider>_bounced`
 * (5xx refusal) to them, the same counters the deliverability matrix sums.
 */
export async function placementAdvice(table: TableStore, sender: { id: string; email: string } | undefined, now: number) {
  if (!sender)
    return {
      accountId: null,
      days: PLACEMENT_DAYS,
      step: 'no_sender' as const,
      byProvider: {},
      flagged: [],
      advice: 'Connect a sender mailbox first (EmailAccountsController_create).',
    };
  const from = utcDay(now - (PLACEMENT_DAYS - 1) * 86_400_000);
  const page = await table.query<Record<string, unknown>>({
    pk: SenderDay.key({ accountId: sender.id, day: from }).pk,
    skBetween: [SenderDay.key({ accountId: sender.id, day: from }).sk, SenderDay.key({ accountId: sender.id, day: utcDay(now) }).sk],
    limit: PLACEMENT_DAYS,
  });
  const byProvider: Partial<Record<Provider, ProviderStats>> = {};
  for (const row of page.items)
    for (const p of PROVIDERS) {
      const ok = Number(row[dayCounterAttr(p, 'sent')] ?? 0);
      const bounced = Number(row[dayCounterAttr(p, 'bounced')] ?? 0);
      if (!ok && !bounced) continue;
      const s = (byProvider[p] ??= { sent: 0, delivered: 0, bounced: 0, bounceRate: null });
      s.sent += ok + bounced;
      s.delivered += ok;
      s.bounced += bounced;
    }
  for (const s of Object.values(byProvider)) s.bounceRate = s.sent ? s.bounced / s.sent : null;
  const total = Object.values(byProvider).reduce((n, s) => n + s.sent, 0);
  const flagged = (Object.entries(byProvider) as [Provider, ProviderStats][])
    .filter(([, s]) => s.bounced > 0 && (s.bounceRate ?? 0) >= BOUNCE_ALERT_RATE)
    .sort(([, a], [, b]) => (b.bounceRate ?? 0) - (a.bounceRate ?? 0))
    .map(([provider, s]) => ({ provider, ...s }));
  const base = { accountId: sender.id, mailbox: sender.email, days: PLACEMENT_DAYS, from, measuredSends: total, byProvider, flagged };
  if (!total)
    return {
      ...base,
      step: 'first_send' as const,
      advice: `No sends measured from ${sender.email} in the last ${PLACEMENT_DAYS} days: send by measurement, start with limit=1, then read placement per provider (CampaignsController_metrics, the deliverability matrix) before sending more.`,
    };
  if (flagged.length) {
    const named = flagged.map((f) => `${f.provider} refused ${f.bounced} of ${f.sent} (${Math.round((f.bounceRate ?? 0) * 100)}%)`).join('; ');
    return {
      ...base,
      step: 'fix_relay' as const,
      advice: `${named}. Hold the volume and change one variable at a time: relay first (the sending mailbox/SMTP relay, its DNS and reputation), then the creative, then the volume; after each change send with limit=1 to ${flagged.map((f) => f.provider).join(', ')} and read placement again.`,
    };
  }
  return {
    ...base,
    step: total < MEASURED_ENOUGH ? ('measure' as const) : ('scale' as const),
    advice:
      total < MEASURED_ENOUGH
        ? `${total} sends measured, no provider above ${BOUNCE_ALERT_RATE * 100}% refusals: keep sending by measurement, raise the limit step by step and read placement per provider after each send (an inbox-placement test shows spam placement).`
        : `${total} sends measured, no provider above ${BOUNCE_ALERT_RATE * 100}% refusals: raise the volume gradually; on spam placement change one variable at a time (relay, then creative, then volume).`,
  };
}
