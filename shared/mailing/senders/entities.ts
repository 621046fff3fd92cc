import * as z from 'zod';
import { defineEntity, type ItemOf } from '../../platform/data/entity.js';
import type { Item, TableStore } from '../../platform/ports/table-store.js';
import type { OAuthProvider } from '../../platform/runtime/oauth-config.js';

const SECRET = z.string().optional();
const ACCOUNT_STATUSES = ['ACTIVE', 'SUSPENDED'] as const;
const DNS_VERDICTS = ['pass', 'warn', 'fail'] as const;
const OAUTH_PROVIDERS = ['google', 'microsoft'] as const satisfies readonly OAuthProvider[];

/**
 * Sender mailboxes of a tenant (tenant table).
 * - `EmailAccount`: one item per mailbox; listed on gsi1 in creation order.
 * - `EmailAccountAddress`: uniqueness marker per mailbox address (written in the create transaction).
 * - `SenderDay`: per-mailbox per-UTC-day counters (sent, failed, bounced; the deliverability matrix per
 *   provider; the bounce guard's `guardSends`, `guardBounces`) and the day's last success or SMTP error:
 *   the send engine's one write per group of answers to the mailbox (relayHealth sums them).
 * - `OAuthState` (platform table): a pending OAuth authorization (the callback arrives without a tenant).
 *
 * A mailbox's attributes are what the senders operations answer (`EmailAccount.output`), less the secrets:
 * fields ending in `Enc` (AES-GCM, shared/platform/security/secrets.ts) are `internal`, stored and never
 * answered (their presence is answered as booleans, emailAccountView).
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
  attributes: {
    id: z.string().describe('Account id (use as accountId in tasks)'),
    name: z.string().describe('Display name of the mailbox'),
    email: z.string().describe('Sending address (lower case)'),
    auth: z.enum(['password', 'oauth']).describe('How the mailbox logs in: application password or OAuth XOAUTH2'),
    provider: z.enum(OAUTH_PROVIDERS).optional().describe('OAuth provider (OAuth mailboxes only)'),
    status: z.enum(ACCOUNT_STATUSES).describe('SUSPENDED: the send engine skips it until resumed'),
    suspendedReason: z
      .string()
      .nullable()
      .describe(
        'suspended_by_user (or the given reason), oauth_refresh_failed: <error>, bounce_rate_exceeded (bounceTrip: the window that tripped the bounce guard)',
      ),
    suspendedAt: z.string().nullable().describe('ISO 8601 time of the last suspension (null when never suspended or resumed)'),
    bounceTrip: z
      .looseObject({
        at: z.string(),
        windowSends: z.number(),
        windowBounces: z.number(),
        ratePercent: z.number(),
        thresholdPercent: z.number(),
        taskId: z.string().optional().describe('The task whose send tripped it'),
      })
      .nullable()
      .describe('The last time the bounce guard suspended the mailbox: the window it saw (kept after a resume, as history)'),
    smtpHost: z.string(),
    smtpPort: z.number(),
    smtpUser: z.string(),
    imapHost: z.string(),
    imapPort: z.number(),
    imapUser: z.string(),
    dnsStatus: z.enum(DNS_VERDICTS).nullable().describe('Last checkDns verdict; null = never checked (not sendable until checked or acknowledged)'),
    dnsCheckedAt: z.string().nullable(),
    dnsAcknowledgedAt: z.string().nullable().describe('Set: the mailbox sends although checkDns fails (explicit acknowledgement)'),
    warmupStartedAt: z.string().nullable().describe('ISO 8601 time the warm-up started (its first UTC day)'),
    warmup: z
      .looseObject({ startPerDay: z.number(), increasePerDay: z.number(), maxPerDay: z.number() })
      .nullable()
      .describe('The warm-up ramp, the daily cap while it runs (null: none, dailyLimit applies)'),
    dailyLimit: z.number().nullable().describe('Daily send cap when no warm-up runs (null = none)'),
    lastConnectionCheck: z
      .looseObject({ ok: z.boolean(), at: z.string(), code: z.string().optional(), reason: z.string().optional(), message: z.string().optional() })
      .nullable()
      .describe('The last real SMTP and IMAP login (create, update, testConnection)'),
    oauthClientId: z.string().optional().describe('OAuth: the client id the refresh token belongs to'),
    accessTokenExpiresAt: z.string().optional().describe('OAuth: when the current access token expires (it is refreshed before)'),
    createdAt: z.string(),
    updatedAt: z.string(),
    imapPassEnc: SECRET,
    smtpPassEnc: SECRET,
    refreshTokenEnc: SECRET,
    accessTokenEnc: SECRET,
  },
  internal: ['imapPassEnc', 'smtpPassEnc', 'refreshTokenEnc', 'accessTokenEnc'],
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
 * The mailbox's bounce window (shared/mailing/sending/bounce-guard.ts): the sends and hard bounces counted
 * since the last reset up to `baseDay` (the day rows' `guardSends`, `guardBounces` add the rest: ADDed in
 * the send worker's outcome transaction) and a few checkpoints of those totals, so the last N sends are
 * the totals minus a checkpoint N sends back.
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
export type EmailAccountItem = ItemOf<typeof EmailAccount>;

/** The public view: the answered attributes (no secret), and whether a password or a refresh token is stored. */
export const emailAccountView = (a: EmailAccountItem) => ({
  ...EmailAccount.view(a as unknown as Item),
  hasPassword: Boolean(a.smtpPassEnc),
  hasRefreshToken: Boolean(a.refreshTokenEnc),
});
export type EmailAccountView = ReturnType<typeof emailAccountView>;

export const getEmailAccountItem = (table: TableStore, id: string) =>
  /^[A-Za-z0-9_-]{1,64}$/.test(id) ? table.get<EmailAccountItem>(EmailAccount.key({ accountId: id })) : Promise.resolve(undefined);

/** The account without secrets, or undefined (other tenants' ids are simply absent from this table). */
export async function getEmailAccount(table: TableStore, id: string): Promise<EmailAccountView | undefined> {
  const item = await getEmailAccountItem(table, id);
  return item ? emailAccountView(item) : undefined;
}

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
