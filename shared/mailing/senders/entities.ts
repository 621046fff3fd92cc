import { defineEntity } from '../../platform/data/entity.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { OAuthProvider } from '../../platform/runtime/oauth-config.js';

/**
 * Sender mailboxes of a tenant (tenant table).
 * - `EmailAccount`: one item per mailbox; listed on gsi1 in creation order.
 * - `EmailAccountAddress`: uniqueness marker per mailbox address (written in the create transaction).
 * - `SenderDay`: per-mailbox per-UTC-day counters (sent, failed, bounced) and the day's last success or
 *   SMTP error: the send engine's one write per send to the mailbox (relayHealth sums them).
 * - `OAuthState` (platform table): a pending OAuth authorization (the callback arrives without a tenant).
 */
export const EmailAccount = defineEntity({
  entity: 'email_account',
  formerly: 'emailAccount',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'MAILBOX#${accountId}', sk: 'MAILBOX' },
    byCreated: { index: 'gsi1', pk: 'MAILBOXES', sk: '${createdAt}#${accountId}' },
  },
});

export const EmailAccountAddress = defineEntity({
  entity: 'email_account_address',
  formerly: 'emailAccountAddress',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'MAILBOXADDR#${email}', sk: 'MAILBOXADDR' } },
});

export const SenderDay = defineEntity({
  entity: 'sender_day',
  formerly: 'senderDay',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'MAILBOX#${accountId}', sk: 'DAY#${day}' } },
});

/**
 * The mailbox's bounce window (shared/mailing/sending/bounce-guard.ts): sends and hard bounces counted since the
 * last reset (ADD in the send worker's outcome transaction) and a few checkpoints of both, so the last N
 * sends are the counts minus a checkpoint N sends back.
 */
export const MailboxBounceWindow = defineEntity({
  entity: 'mailbox_bounce_window',
  formerly: 'mailboxBounceWindow',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'MAILBOX#${accountId}', sk: 'BOUNCEWINDOW' } },
});

export const OAuthState = defineEntity({
  entity: 'oauth_state',
  formerly: 'oauthState',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'OAUTHSTATE#${state}', sk: 'OAUTHSTATE' } },
});

export type AuthKind = 'password' | 'oauth';
export type { OAuthProvider };

/** The stored item. Secret fields end in `Enc` (AES-GCM, shared/platform/security/secrets.ts) and never leave the domain. */
export interface EmailAccountItem {
  id: string;
  name: string;
  email: string;
  auth: AuthKind;
  provider?: OAuthProvider;
  imapHost: string;
  imapPort: number;
  imapUser: string;
  smtpHost: string;
  smtpPort: number;
  smtpUser: string;
  imapPassEnc?: string;
  smtpPassEnc?: string;
  /** OAuth: refresh token (encrypted), the client id it belongs to, the current access token (encrypted) and its expiry. */
  refreshTokenEnc?: string;
  oauthClientId?: string;
  accessTokenEnc?: string;
  accessTokenExpiresAt?: string;
  status: 'ACTIVE' | 'SUSPENDED';
  suspendedReason?: string | null;
  suspendedAt?: string | null;
  /** The last time the bounce guard paused the mailbox: the window it saw (kept after a resume, as history). */
  bounceTrip?: { at: string; windowSends: number; windowBounces: number; ratePercent: number; thresholdPercent: number; taskId?: string } | null;
  /** Last DNS check: overall pass/warn/fail; `dnsAcknowledgedAt` lets a failing domain send anyway (explicit). */
  dnsStatus?: 'pass' | 'warn' | 'fail' | null;
  dnsCheckedAt?: string | null;
  dnsAcknowledgedAt?: string | null;
  /** Warm-up: start date (UTC day) and the ramp; the configured cap applies when no warm-up runs. */
  warmupStartedAt?: string | null;
  warmup?: { startPerDay: number; increasePerDay: number; maxPerDay: number } | null;
  dailyLimit?: number | null;
  lastConnectionCheck?: { ok: boolean; at: string; code?: string; reason?: string; message?: string } | null;
  createdAt: string;
  updatedAt: string;
}

const SECRET_FIELDS = ['imapPassEnc', 'smtpPassEnc', 'refreshTokenEnc', 'accessTokenEnc'] as const;

/** The public view: every field but the secrets (their presence is reported as booleans). */
export function emailAccountView(a: EmailAccountItem) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(a)) {
    if ((SECRET_FIELDS as readonly string[]).includes(k) || ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'entity', '_v'].includes(k)) continue;
    out[k] = v;
  }
  out.hasPassword = Boolean(a.smtpPassEnc);
  out.hasRefreshToken = Boolean(a.refreshTokenEnc);
  return out as Omit<EmailAccountItem, (typeof SECRET_FIELDS)[number]> & { hasPassword: boolean; hasRefreshToken: boolean };
}
export type EmailAccountView = ReturnType<typeof emailAccountView>;

export const getEmailAccountItem = (table: TableStore, id: string) =>
  /^[A-Za-z0-9_-]{1,64}$/.test(id) ? table.get<EmailAccountItem>(EmailAccount.key({ accountId: id })) : Promise.resolve(undefined);

/** The account without secrets, or undefined (other tenants' ids are simply absent from this table). */
export async function getEmailAccount(table: TableStore, id: string): Promise<EmailAccountView | undefined> {
  const item = await getEmailAccountItem(table, id);
  return item ? emailAccountView(item) : undefined;
}

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
