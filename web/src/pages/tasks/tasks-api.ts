import { workspaceKey } from '../../api/query-keys';
import { describeError, isApiError } from '../../api/errors';

/** A mailing task as GET /api/tasks/{id} answers it (the fields these pages read). */
export interface MailingTask {
  id: string;
  methodId: number;
  description?: string;
  name?: string;
  status: string;
  approvalStatus?: string;
  approvalResetReason?: string | null;
  approval?: { note: string; at: string; by: { kind: string; userId?: string; keyId?: string }; creativeVersion: number | null; auto?: boolean };
  pauseReason?: string | null;
  creativeId?: string;
  accountId?: string;
  contactListId?: string;
  counters?: Record<string, number>;
  createdAt: string;
  startedAt?: string;
  completedAt?: string;
}

export interface SendSeries {
  taskId: string;
  status: string;
  bucketSeconds: number;
  data: { t: number; sent: number; bounced: number; failed: number }[];
  skippedByReason: Record<string, number>;
  truncated: boolean;
}

export interface GuardrailPreview {
  contactListId: string;
  total: number;
  screened: number;
  sampled: boolean;
  wouldSend: number;
  skipped: number;
  byReason: Record<string, number>;
}

export const tasksKey = (t: string, ...rest: unknown[]) => workspaceKey(t, 'tasks', ...rest);

/** States in which nothing more happens to a task: its live views stop polling. */
export const FINISHED = ['COMPLETED', 'CANCELLED', 'FAILED'];
export const taskFinished = (status: string | undefined) => status !== undefined && FINISHED.includes(status);

/** How often the live view polls: the task (one item read) every 2 s, its series (one Query of the items) every 5 s. */
export const TASK_POLL_MS = 2000;
export const SERIES_POLL_MS = 5000;

export const STATUS_WORDS: Record<string, string> = {
  DRAFT: 'Draft',
  ACTIVE: 'Sending',
  PAUSED: 'Paused',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};

/** Why a contact is skipped, in words (the guardrails of start, in their order). */
export const SKIP_WORDS: Record<string, string> = {
  contact_not_found: 'Contact deleted',
  no_email_channel: 'No email address',
  suppressed: 'On the suppression list (unsubscribed, bounced or blocked)',
  stop_listed: 'Domain or company on the stop-list',
  invalid_address: 'Address verified as invalid',
  role_address: 'Role address (info@, sales@ …)',
  already_contacted: 'Already contacted recently, or the same address twice',
};

/** Why a task is paused, in words. */
export function pauseInWords(reason: string | null | undefined): string {
  if (!reason) return '';
  const words: Record<string, string> = {
    manual: 'Paused by a person.',
    insufficient_balance: 'Paused: the workspace balance ran out. Top it up, then resume.',
    creative_changed: 'Paused: the creative was edited after approval. Approve the task again, then resume.',
    physical_address_missing: 'Paused: the company profile has no physical address. Add it in Settings, then resume.',
    campaign_paused: 'Paused with its campaign.',
    sender_bounce_rate_exceeded: 'Paused: the mailbox passed the bounce-rate threshold. Resume the mailbox first, then this task.',
  };
  if (words[reason]) return words[reason];
  if (reason.startsWith('sender_')) return `Paused: the mailbox cannot send (${reason.slice(7).replace(/_/g, ' ')}). Fix the mailbox, then resume.`;
  return `Paused: ${reason.replace(/_/g, ' ')}.`;
}

/**
 * Every 409 `code` of approve, start, pause, resume and cancel, said for a person (the API's own
 * messages speak to agents and name endpoints).
 */
export const TASK_CONFLICT_WORDS: Record<string, string> = {
  not_approved: 'The task is not approved yet. Approve it first (write a note and press Approve).',
  approval_stale: 'The creative was edited after the task was approved, so the approval was withdrawn. Review the creative and approve the task again.',
  sender_suspended: 'The mailbox is suspended (by a person or because its sign-in expired). Resume or reconnect it on its page first.',
  sender_bounce_rate_exceeded: 'The mailbox passed the bounce-rate threshold and was stopped. Check the list, then resume the mailbox first.',
  sender_dns_failed: "The mailbox's domain fails its SPF, DKIM or DMARC check. Publish the records shown on the mailbox page, or acknowledge them.",
  sender_dns_unchecked: "The mailbox's DNS records were not checked yet. Check them (or acknowledge them) on the mailbox page.",
  sender_connection_failed: 'The mailbox could not connect to its SMTP server. Test the connection on the mailbox page.',
  sender_missing: 'The mailbox of this task no longer exists. Create a new task with another mailbox.',
  sender_unavailable: 'The mailbox cannot send right now. See its page for why.',
  physical_address_missing: 'Every email carries your physical address, and the company profile has none. Add it in Settings first.',
  list_empty: 'The contact list is empty. Add contacts to it first.',
  task_not_startable: 'Only a draft task can be started; a paused one is resumed instead.',
  task_not_active: 'Only a task that is sending can be paused.',
  task_not_paused: 'Only a paused task can be resumed.',
  task_final: 'The task is already finished; it cannot be cancelled.',
  task_not_approvable: 'Only a draft or paused task can be approved.',
  task_changed: 'The task changed meanwhile. Try again.',
};

/** The plot shows at least this many minutes: one or two minutes alone make the time axis span years. */
export const PLOT_MIN_MINUTES = 10;

/**
 * The plot's series from the API's minutes: sends, bounces and failures per minute, with zero minutes
 * before the first when there are fewer than PLOT_MIN_MINUTES.
 */
export function seriesForPlot(s: SendSeries | undefined) {
  const answered = s?.data ?? [];
  const missing = answered.length ? Math.max(0, PLOT_MIN_MINUTES - answered.length) : 0;
  const lead = Array.from({ length: missing }, (_, i) => ({ t: answered[0].t - (missing - i) * 60, sent: 0, bounced: 0, failed: 0 }));
  const data = [...lead, ...answered];
  return {
    times: data.map((m) => m.t),
    series: [
      { label: 'Sent', values: data.map((m) => m.sent) },
      { label: 'Bounced', values: data.map((m) => m.bounced) },
      { label: 'Failed', values: data.map((m) => m.failed) },
    ],
  };
}

/** Sends in the last `minutes` complete-or-current minutes, per minute: the measured pace. */
export function recentPace(s: SendSeries | undefined, minutes = 5): number | null {
  const data = s?.data ?? [];
  if (!data.length) return null;
  const last = data.slice(-minutes);
  return last.reduce((n, m) => n + m.sent + m.bounced + m.failed, 0) / last.length;
}

/** An error of a task action in one sentence: a 409 by its code from the list above, the rest as everywhere. */
export function taskErrorInWords(err: unknown, action: string): string {
  if (isApiError(err) && err.status === 409 && err.code && TASK_CONFLICT_WORDS[err.code]) return TASK_CONFLICT_WORDS[err.code];
  return describeError(err, action);
}
