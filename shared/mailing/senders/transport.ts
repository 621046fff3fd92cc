import { dayCounterAttr, type Provider } from '../deliverability/matrix.js';
import type { OutboundMessage, SenderTransport, SendingState, SendResult } from '../../platform/ports/mail-transport.js';
import type { Key, UpdateSpec } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { mailLogins } from './credentials.js';
import { getEmailAccountItem, SenderDay, utcDay, type EmailAccountItem } from './entities.js';
import { resolveMailHost } from './mail-host.js';
import { createSmtpTransport, smtpOptions } from './smtp.js';
import { dailyCapOn } from './warmup.js';

/**
 * The tenant mail transport of one connected mailbox (nodemailer, pooled): `send` reports the SMTP
 * answer as an outcome and never throws for a refusal (4xx/connection = deferred, 5xx to the
 * recipient = rejected). The send engine calls `getSendingState` before and `recordSend` after.
 */
export class SenderUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`sender not available: ${reason}`);
    this.name = 'SenderUnavailable';
  }
}

export async function openSenderTransport(deps: Deps, tenantId: string, accountId: string): Promise<SenderTransport> {
  const table = deps.tenantTable(tenantId);
  const a = await getEmailAccountItem(table, accountId);
  if (!a) throw new SenderUnavailable('account_not_found');
  if (a.status === 'SUSPENDED') throw new SenderUnavailable('suspended');
  const [host, logins] = await Promise.all([resolveMailHost(deps.config, a.smtpHost), mailLogins(deps, table, a)]);
  const transport = await createSmtpTransport(smtpOptions(host, a.smtpPort, logins.smtp, { pool: true }));
  return {
    async send(m: OutboundMessage): Promise<SendResult> {
      try {
        const info = await transport.sendMail({
          from: m.from,
          to: m.to,
          subject: m.subject,
          html: m.html,
          text: m.text,
          messageId: m.messageId,
          inReplyTo: m.inReplyTo,
          references: m.references,
          headers: m.headers,
          attachments: m.attachments,
        });
        const rejected = (info.rejected ?? []).length > 0 && (info.accepted ?? []).length === 0;
        const code = Number(String(info.response ?? '').slice(0, 3)) || 250;
        return { outcome: rejected ? 'rejected' : 'accepted', code, response: String(info.response ?? ''), messageId: m.messageId };
      } catch (e) {
        return { ...smtpFailure(e), messageId: m.messageId };
      }
    },
    async close() {
      transport.close();
    },
  };
}

/** Maps a nodemailer error to an outcome: 5xx on RCPT/DATA = rejected (hard bounce); the rest is deferred. */
export function smtpFailure(e: unknown): Omit<SendResult, 'messageId'> {
  const err = e as Error & { code?: string; responseCode?: number; response?: string };
  const code = err.responseCode ?? 0;
  const response = (err.response ?? err.message ?? 'send failed').slice(0, 500);
  const recipientRefused = (err.code === 'EENVELOPE' || err.code === 'EMESSAGE') && code >= 500;
  return { outcome: recipientRefused ? 'rejected' : 'deferred', code, response };
}

/** Can this mailbox send now, and how much of today's cap is used. */
export async function getSendingState(deps: Deps, tenantId: string, accountId: string, now: number): Promise<SendingState> {
  const table = deps.tenantTable(tenantId);
  const a = await getEmailAccountItem(table, accountId);
  if (!a) return { sendable: false, reason: 'account_not_found', dailyCap: null, sentToday: 0 };
  const day = await table.get<{ sent?: number }>(SenderDay.key({ accountId, day: utcDay(now) }));
  const sentToday = day?.sent ?? 0;
  const dailyCap = dailyCapOn(a, now);
  const reason = unsendableReason(a, dailyCap, sentToday);
  return { sendable: !reason, ...(reason ? { reason } : {}), dailyCap, sentToday };
}

/** Why a mailbox cannot send now (relayHealth's `reason`; start maps them to its 409 codes). */
export const UNSENDABLE_REASONS = [
  'suspended',
  'oauth_refresh_failed',
  'bounce_rate_exceeded',
  'connection_failed',
  'dns_unchecked',
  'dns_failed',
  'daily_cap_reached',
] as const;
export type UnsendableReason = (typeof UNSENDABLE_REASONS)[number];

export function unsendableReason(a: EmailAccountItem, dailyCap: number | null, sentToday: number): UnsendableReason | undefined {
  if (a.status === 'SUSPENDED') {
    if (a.suspendedReason?.startsWith('oauth_refresh_failed')) return 'oauth_refresh_failed';
    return a.suspendedReason === 'bounce_rate_exceeded' ? 'bounce_rate_exceeded' : 'suspended';
  }
  if (a.lastConnectionCheck && !a.lastConnectionCheck.ok) return 'connection_failed';
  if (!a.dnsAcknowledgedAt) {
    if (!a.dnsStatus) return 'dns_unchecked';
    if (a.dnsStatus === 'fail') return 'dns_failed';
  }
  if (dailyCap !== null && sentToday >= dailyCap) return 'daily_cap_reached';
  return undefined;
}

/** Counts one send attempt: today's use (accepted only), relay health counters and the last SMTP error. */
export async function recordSend(
  deps: Deps,
  tenantId: string,
  accountId: string,
  result: Pick<SendResult, 'outcome' | 'code' | 'response'>,
  now: number,
  /** The recipient's provider: the deliverability matrix counts sends and refusals per provider from the same row. */
  provider?: Provider,
) {
  const day = senderDayUpdate(accountId, now, [{ result, provider }]);
  await deps.tenantTable(tenantId).update(day.update, day.spec);
}

/**
 * The mailbox day row's update for some send attempts (one, or a batch committed together by the send
 * worker): counters per outcome and per recipient provider, and the last success or error. One small
 * write, so the (large) account item is never rewritten by the send path; relayHealth and the
 * deliverability matrix read the day rows.
 */
export function senderDayUpdate(
  accountId: string,
  now: number,
  sends: { result: Pick<SendResult, 'outcome' | 'code' | 'response'>; provider?: Provider }[],
): { update: Key; spec: UpdateSpec } {
  const at = new Date(now).toISOString();
  const add: Record<string, number> = {};
  const set: Record<string, unknown> = {};
  for (const { result, provider } of sends) {
    const field = result.outcome === 'accepted' ? 'sent' : result.outcome === 'rejected' ? 'bounced' : 'failed';
    add[field] = (add[field] ?? 0) + 1;
    if (provider && field !== 'failed') add[dayCounterAttr(provider, field)] = (add[dayCounterAttr(provider, field)] ?? 0) + 1;
    if (result.outcome === 'accepted') set.lastSentAt = at;
    else Object.assign(set, { lastError: `${result.code || ''} ${result.response}`.trim().slice(0, 500), lastErrorAt: at });
  }
  return {
    update: SenderDay.key({ accountId, day: utcDay(now) }),
    spec: { add, set, setIfMissing: { entity: SenderDay.name, _v: SenderDay.version, accountId, day: utcDay(now) } },
  };
}
