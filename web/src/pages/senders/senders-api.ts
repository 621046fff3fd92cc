import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';

/** Shapes and shared queries of the senders pages (EmailAccountsController_*, TrackingDomainController_*, the matrix). */
export interface ConnectionCheck {
  ok: boolean;
  at: string;
  code?: string;
  reason?: string;
  message?: string;
}

export interface EmailAccount {
  id: string;
  name: string;
  email: string;
  auth: 'password' | 'oauth';
  provider?: string;
  status: 'ACTIVE' | 'SUSPENDED';
  suspendedReason?: string | null;
  smtpHost: string;
  smtpPort: number;
  imapHost: string;
  imapPort: number;
  dnsStatus?: Verdict | null;
  dnsCheckedAt?: string | null;
  dnsAcknowledgedAt?: string | null;
  warmup?: { startPerDay: number; increasePerDay: number; maxPerDay: number } | null;
  warmupStartedAt?: string | null;
  dailyLimit?: number | null;
  lastConnectionCheck?: ConnectionCheck | null;
  createdAt: string;
}

export type Verdict = 'pass' | 'warn' | 'fail';

export interface DnsCheck {
  check: 'spf' | 'dkim' | 'dmarc';
  status: Verdict;
  found: boolean;
  record: string | null;
  detail: string;
  fix: string | null;
}

export interface DnsResult {
  accountId: string;
  domain: string;
  status: Verdict;
  checkedAt: string;
  checks: DnsCheck[];
  sendable: boolean;
  acknowledged: boolean;
}

export interface ConnectionSide {
  ok: boolean;
  code?: string;
  reason?: string;
  message?: string;
}

export interface ConnectionResult {
  accountId: string;
  ok: boolean;
  checkedAt: string;
  smtp: ConnectionSide;
  imap: ConnectionSide;
}

interface Counts {
  sent: number;
  failed: number;
  bounced: number;
}

export interface RelayHealth {
  accountId: string;
  status: string;
  sendable: boolean;
  reason: string | null;
  today: { day: string; cap: number | null; sent: number; remaining: number | null };
  last7Days: Counts & { days: (Counts & { day: string })[] };
  totals: Counts;
  lastSmtpError: { message: string; at: string | null } | null;
  lastSentAt?: string | null;
  capByDay: { day: string; cap: number | null; sent: number | null }[];
}

export interface TrackingDomain {
  id: string;
  domain: string;
  status: 'PENDING' | 'ACTIVE' | 'FAILED';
  reason: string | null;
  isDefault: boolean;
  lastCheckedAt: string | null;
  dns: { type: 'CNAME'; name: string; value: string };
}

export interface MatrixCell {
  sent: number;
  delivered: number;
  bounced: number;
  replied: number;
  inbox: number;
  spam: number;
  missing: number;
  inboxRate: number | null;
}

export interface Matrix {
  providers: string[];
  counters: string[];
  rows: { accountId: string; email: string; providers: Record<string, MatrixCell> }[];
}

/** Everything the senders area caches: one invalidation after a write refreshes list, mailbox and health. */
export const sendersKey = (t: string) => workspaceKey(t, 'senders');

export const accountsQuery = (t: string) =>
  queryOptions({
    queryKey: workspaceKey(t, 'senders', 'accounts'),
    queryFn: ({ signal }) => api.get<{ data: EmailAccount[]; nextCursor: string | null }>('/api/email-accounts', { signal, query: { pageSize: 100 } }),
  });

export const accountQuery = (t: string, id: string) =>
  queryOptions({
    queryKey: workspaceKey(t, 'senders', 'account', id),
    queryFn: ({ signal }) => api.get<EmailAccount>(`/api/email-accounts/${encodeURIComponent(id)}`, { signal }),
  });

export const relayHealthQuery = (t: string, id: string) =>
  queryOptions({
    queryKey: workspaceKey(t, 'senders', 'account', id, 'relay-health'),
    queryFn: ({ signal }) => api.get<RelayHealth>(`/api/email-accounts/${encodeURIComponent(id)}/relay-health`, { signal }),
  });

/** Why a mailbox cannot send now, in words (relayHealth's reason codes). */
export const UNSENDABLE: Record<string, string> = {
  suspended: 'it is suspended',
  dns_unchecked: 'its DNS (SPF, DKIM, DMARC) was never checked',
  dns_failed: 'its DNS check fails and is not acknowledged',
  connection_failed: 'its last login test failed',
  oauth_refresh_failed: 'its OAuth grant could no longer be refreshed; connect it again',
  daily_cap_reached: "today's cap is reached",
};

export const SUSPENDED_REASON: Record<string, string> = {
  suspended_by_user: 'suspended by a person',
  oauth_refresh_failed: 'the OAuth grant could no longer be refreshed',
  bounce_rate_exceeded: 'the bounce rate went over the workspace threshold',
};

export const VERDICT_WORDS: Record<Verdict, string> = { pass: 'Pass', warn: 'Warning', fail: 'Fail' };

/** The connection state of a mailbox in words, from its last login check. */
export function connectionInWords(check: ConnectionCheck | null | undefined): string {
  if (!check) return 'Not tested yet';
  if (check.ok) return 'SMTP and IMAP logins work';
  return check.message ?? `Login failed (${check.code ?? check.reason ?? 'unknown'})`;
}

export const formatTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');
