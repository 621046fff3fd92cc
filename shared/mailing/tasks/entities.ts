import { defineEntity } from '../../platform/data/entity.js';
import type { SendWindow } from '../../workspace/settings/send-window.js';

/**
 * Tenant-table entities of tasks and their send items.
 *
 * - task:      TASK#<taskId> / TASK                      (gsi1: TASKS / <createdAt>#<taskId>: newest first;
 *              gsi3: TASKREVIEW / <createdAt>#<taskId> while a mailing task a caller created is open (DRAFT, ACTIVE,
 *              PAUSED): the approvals queue reads only these, never the whole task history)
 * - send item: TASK#<taskId> / ITEM#<contactId>          one per list member: QUEUED … SENT | BOUNCED | FAILED, or SKIPPED with a reason
 *              (gsi2: SENDDUE / <dueAt>#<taskId>#<contactId> while not final: the sweep's safety net for
 *              lost queue messages and lost leases; removed when the item is final)
 * - prepaid:   TASK#<taskId> / PREPAID                   the task's pool of paid sends (shared/mailing/sending/prepaid.ts)
 * - contacted: CONTACTED#<emailHash> / CONTACTED          the already-contacted marker (last task and when)
 * - pacing:    SENDPACE#<accountId> / SENDPACE           per mailbox: nextSlotAt (the min-interval slot claimed conditionally)
 */
export const Task = defineEntity({
  entity: 'task',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'TASK#${taskId}', sk: 'TASK' },
    byCreated: { index: 'gsi1', pk: 'TASKS', sk: '${createdAt}#${taskId}' },
    /** Sparse: given (reviewSince) only by createMailingTask, removed when the task ends (cancel, completion). */
    inReview: { index: 'gsi3', pk: 'TASKREVIEW', sk: '${reviewSince}#${taskId}' },
  },
});

/** The gsi3 attributes of `inReview`, removed from a task that ends. */
export const IN_REVIEW_ATTRIBUTES = ['gsi3pk', 'gsi3sk'];

export const SendItem = defineEntity({
  entity: 'send_item',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'TASK#${taskId}', sk: 'ITEM#${contactId}' },
    due: { index: 'gsi2', pk: 'SENDDUE', sk: '${dueAt}#${taskId}#${contactId}' },
  },
});

/**
 * The pool lives in its own small item beside the task (TASK#<id> / PREPAID): a take rewrites ~100
 * bytes (1 write unit), not the >1 KB task item with its counters (2 units).
 */
export const TaskPrepaid = defineEntity({
  entity: 'task_prepaid',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'TASK#${taskId}', sk: 'PREPAID' } },
});

export const ContactedMarker = defineEntity({
  entity: 'contacted_marker',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'CONTACTED#${emailHash}', sk: 'CONTACTED' } },
});

export const MailboxPacing = defineEntity({
  entity: 'mailbox_pacing',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'SENDPACE#${accountId}', sk: 'SENDPACE' } },
});

export const TASK_STATUSES = ['DRAFT', 'ACTIVE', 'PAUSED', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const APPROVAL_STATUSES = ['PENDING', 'APPROVED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const ITEM_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'BOUNCED', 'FAILED', 'SKIPPED', 'CANCELLED'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
/** Why a list member did not become a send: the guardrails of start, in the order they are applied. */
export const SKIP_REASONS = [
  'no_email_channel',
  'suppressed',
  'stop_listed',
  'invalid_address',
  'role_address',
  'already_contacted',
  'contact_not_found',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** Stored shape of a task (methodId 2). */
export interface TaskRecord {
  taskId: string;
  methodId: number;
  methodName: string;
  description: string;
  creativeId?: string;
  accountId?: string;
  contactListId?: string;
  status: TaskStatus;
  approvalStatus: ApprovalStatus;
  approval?: {
    by: TaskActor;
    note: string;
    at: string;
    creativeVersion: number | null;
    auto?: boolean;
  };
  /** Who created the task (a person's session or a key, with the key's name and the channel: http or mcp). */
  createdBy?: TaskActor;
  /** Set when a person or key rejected the task instead of approving it (the task is then CANCELLED). */
  rejection?: { by: TaskActor; note: string; at: string; creativeVersion: number | null };
  pauseReason?: string | null;
  /** Why the approval was reset (creative_changed). */
  approvalResetReason?: string | null;
  tracking: boolean;
  /**
   * Set on tasks another domain owns (a campaign's sends, a sequence's steps, dialog replies): their
   * items carry pre-rendered `content` and arrive over time (`addSendItems`), so the task never
   * completes by itself while `open`.
   */
  owner?: SendOrigin;
  open?: boolean;
  /** The owner's own send window (a campaign's `sendWindow`); the workspace window when absent. */
  sendWindow?: SendWindow;
  counters: Record<string, number>;
  createdAt: string;
  updatedAt: string;
  startedAt?: string;
  completedAt?: string;
}

/** A caller as tasks record it: never a secret. */
export interface TaskActor {
  kind: string;
  userId?: string;
  keyId?: string;
  keyName?: string;
  accountId?: string;
  email?: string;
  channel?: string;
}

export interface SendItemRecord {
  taskId: string;
  contactId: string;
  email: string | null;
  status: ItemStatus;
  reason?: string | null;
  messageId?: string;
  attempts: number;
  leaseUntil?: number;
  workerId?: string;
  /** Set right before the SMTP transaction: a lost lease after it is the ambiguous window. */
  smtpStartedAt?: number;
  /** When this item paid its send (from the task's prepaid pool): later attempts are free. */
  chargedAt?: number;
  /** Its lease was lost once and recovered; `ambiguousAttempts` counts the recoveries after SMTP may have started. */
  recovered?: boolean;
  ambiguousAttempts?: number;
  smtp?: { outcome: string; code: number; response: string };
  /** Pre-rendered email (campaign render, sequence step, reply): sent as is instead of rendering the task's creative. */
  content?: SendContent;
  /** Threading headers of a reply or a follow-up in the same thread. */
  thread?: { inReplyTo: string; references: string[] };
  /** Which campaign recipient, enrolment step or dialog this item sends for. */
  origin?: SendOrigin;
  createdAt: string;
  updatedAt: string;
}

export interface SendContent {
  subject: string;
  html: string;
  /** Plain-text part; derived from the HTML when absent. */
  text?: string;
}

export interface SendOrigin {
  kind: 'campaign' | 'sequence' | 'dialog';
  id: string;
  /** Sequence step number, when kind = sequence. */
  step?: number;
}
