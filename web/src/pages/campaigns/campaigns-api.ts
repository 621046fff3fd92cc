import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import type { SendWindow } from '../settings/settings-api';

/** Shapes of the campaign operations the pages read (functions/campaigns/, the spec's section I). */
export type CampaignStatus = 'DRAFT' | 'ACTIVE' | 'PAUSED' | 'BLOCKED';

export interface Campaign {
  id: string;
  name: string;
  renderMode: 'PLATFORM' | 'BYOC';
  creativeIds: string[];
  status: CampaignStatus;
  label: string | null;
  pauseReason: string | null;
  operationalState: 'NORMAL' | 'DEGRADED';
  primaryBlocker: string | null;
  pipeline: { retryAt: string | null } | null;
  auditIterations: number;
  activeGenerationId?: string | null;
  /** The campaign's own window; without one it follows the workspace's (readiness says which). */
  sendWindow?: SendWindow;
  senderConfig?: { accountId: string; tracking?: boolean };
  createdAt: string;
}

export interface Gate {
  gate: string;
  ok: boolean;
  reasonCode: string | null;
  detail?: Record<string, unknown>;
}

export interface Readiness {
  ready: boolean;
  blockers: string[];
  gates: Gate[];
  effective: { sendWindow: { source: string; configured: SendWindow; windowOpen: boolean; nextOpenAt: string | null } };
  trackingDomain?: { ok: boolean; domain: string | null; advice: string | null };
  placement?: { advice?: string | null };
  recipients?: Record<string, number>;
}

export interface Metrics {
  sent: number;
  delivered: number;
  bounced: number;
  opened: { total: number; unique: number };
  clicked: { total: number; unique: number };
  replied: { total: number; unique: number };
  unsubscribed: number;
  queued: number;
  failed: number;
}

export interface MetricsSeries {
  bucket: 'hour' | 'day';
  times: number[];
  sent: number[];
  delivered: number[];
  bounced: number[];
  opened: number[];
  clicked: number[];
  replied: number[];
  truncated: boolean;
}

export interface GeoRisk {
  total: number;
  byPolicy: Record<string, number>;
  byCountry: Record<string, number>;
  provisional: number;
  policies: Record<string, string>;
}

export interface Activity {
  id: string;
  at: string;
  actor: { kind: string; id?: string };
  action: string;
  reason: string | null;
  detail: Record<string, unknown>;
}

export interface OutboxTask {
  id: string;
  attemptNumber: number;
  attemptLimit: number;
  issuedAt: string;
  leaseDeadline: string | null;
  workerId: string | null;
  profileId: string | null;
  reasonCode: string | null;
  status?: string;
  history: { at: string; event: string }[];
}

export interface OperationalStatus {
  status: string;
  operationalState: 'NORMAL' | 'DEGRADED';
  primaryBlocker: string | null;
  pipeline: { retryAt: string | null };
  recipients?: Record<string, number>;
  preparation: { generationId: string; status: string; error: string | null } | null;
  sendTask: { taskId: string; status: string; pauseReason: string | null; counters: Record<string, number> } | null;
  tasks: OutboxTask[];
}

export interface Generation {
  generationId: string;
  status: 'running' | 'completed' | 'failed';
  error: string | null;
  processed: number;
  ready: number;
  failed: number;
}

export interface SubmitResult {
  accepted: number;
  rejected: number;
  results: { contactId: string; status: 'READY' | 'REJECTED' | 'NOT_ACCEPTED'; reason: string | null; auditCategories: string[] }[];
}

export interface TestTask {
  taskId: string;
  to: string | null;
  decision: { reasonCode: string; nextAction: string };
  retryAt: string | null;
  status?: string;
}

/** A row of campaigns_recipients_list. */
export interface Recipient {
  contactId: string;
  email: string;
  status: string;
  reason: string | null;
  country: string | null;
  geoPolicy: string | null;
  consent: { confirmedAt: string; evidence: string } | null;
}

/** campaigns_confirm_recipients: what happened to each id sent. */
export interface ConfirmResult {
  confirmed: number;
  screened: number;
  skipped: Record<string, number>;
  results: { contactId: string; status: string; reason: string | null }[];
  notManualConfirm: { contactId: string; status: string; reason: string | null }[];
  notFound: string[];
}

/** The reason a RU recipient waits under, SKIPPED until its prior consent is confirmed. */
export const MANUAL_CONFIRM = 'geo_manual_confirm';

export interface AiRecovery {
  reset: number;
  reason: 'retried' | 'already_recovered' | 'nothing_to_retry' | 'same_provider';
  failureReasons: Record<string, number>;
}

/** Everything about one campaign lives under one key, so a write refreshes the whole page at once. */
export const campaignKey = (t: string, id: string, ...rest: unknown[]) => workspaceKey(t, 'campaigns', 'campaign', id, ...rest);
export const campaignPath = (id: string, rest = '') => `/api/campaigns/${encodeURIComponent(id)}${rest}`;

/** Live parts of a page poll while the campaign is sending and stop when nothing moves (≥ 2 s, issue 26). */
export const LIVE_POLL_MS = 5_000;
/** The series reads every send item (its DynamoDB cost is in the operation's description): at most once a minute. */
export const SERIES_POLL_MS = 60_000;
export const isLive = (c: Pick<Campaign, 'status'> | undefined) => c?.status === 'ACTIVE';

/** The send gates' query, shared by the readiness panel and the page (which holds the heavy reads back until it is answered). */
export const readinessQuery = (t: string, c: Campaign) => ({
  queryKey: campaignKey(t, c.id, 'readiness'),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Readiness>(campaignPath(c.id, '/send-readiness'), { signal }),
  refetchInterval: isLive(c) ? LIVE_POLL_MS : (false as const),
});

/** The workspace's email creatives a campaign can start from (the create form and the edit form). */
export const creativesQuery = (t: string) => ({
  queryKey: workspaceKey(t, 'campaigns', 'creatives'),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<{ data: { id: string; name: string }[] }>('/api/creatives', { signal, query: { pageSize: 100, type: 'EMAIL' } }),
});
