import * as z from 'zod';
import { defineEntity, type ItemOf } from '../../platform/data/entity.js';
import { SendBuildChunk, SendItem } from './send-item.js';
import { TASK_ENTITY, TASK_PRIMARY_KEY } from './task-item.js';

export const TASK_STATUSES = ['DRAFT', 'ACTIVE', 'PAUSED', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const APPROVAL_STATUSES = ['PENDING', 'APPROVED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
/** A task's progress counters (ZERO_COUNTERS, shared/mailing/tasks/tasks.ts, says what each counts). */
export const TASK_COUNTERS = [
  'total',
  'queued',
  'sent',
  'bounced',
  'failed',
  'skipped',
  'cancelled',
  'deferred',
  'opens',
  'uniqueOpens',
  'clicks',
  'uniqueClicks',
  'unsubscribed',
  'replied',
] as const;
export type TaskCounter = (typeof TASK_COUNTERS)[number];
/** Counters are stored as top-level attributes (`n_sent` ...) so that workers can ADD to them atomically. */
const COUNTER_ATTRIBUTES = TASK_COUNTERS.map((c) => `n_${c}` as const);

/** A caller as tasks record it (who created, approved or rejected): never a secret. */
export const taskActor = z
  .looseObject({
    kind: z.string().describe('key (an agent or script), session (a person in the web app) or unknown'),
    userId: z.string().optional(),
    keyId: z.string().optional(),
    keyName: z.string().optional().describe('The name given to the key at keys_create'),
    accountId: z.string().optional(),
    email: z.string().optional().describe('The person, for a session'),
    channel: z.string().optional().describe('http or mcp'),
  })
  .describe('Who acted: a person (session, with the email) or a key (with its name), and the channel');
export type TaskActor = z.infer<typeof taskActor>;
const decision = {
  by: taskActor,
  note: z.string(),
  at: z.string().describe('ISO 8601 time'),
  creativeVersion: z.number().nullable().describe("The creative's content version reviewed (null when it had none)"),
};
const sendOrigin = z.looseObject({
  kind: z.enum(['campaign', 'sequence', 'dialog']),
  id: z.string(),
  step: z.number().optional().describe('Sequence step number, when kind = sequence'),
});
export type SendOrigin = z.infer<typeof sendOrigin>;

/**
 * A task's attributes: a mailing task (methodId 2, its creative, sender and list) or a scoring task
 * (methodId 22, its company list and steps: shared/research/scoring/tasks.ts), each with what the other
 * lacks left out. Operations answer them with the task's `id` and `counters` (taskView).
 */
function taskAttributes() {
  return {
    taskId: z.string().describe('Task id (also answered as id)'),
    methodId: z.number().describe('2 = mailing, 22 = scoring'),
    methodName: z.string().describe('mailing or scoring'),
    description: z.string(),
    creativeId: z.string().optional().describe('Mailing: the creative sent'),
    accountId: z.string().optional().describe('Mailing: the sender email account'),
    contactListId: z.string().optional().describe('Mailing: the recipients (absent on a task another domain owns)'),
    companyListId: z.string().optional().describe('Scoring: the companies scored'),
    steps: z
      .array(
        z.object({
          type: z.string().describe('Step type'),
          config: z.record(z.string(), z.unknown()).optional(),
          stepId: z.string(),
          order: z.number(),
        }),
      )
      .optional()
      .describe('Scoring: the steps, in order'),
    options: z.record(z.string(), z.unknown()).optional().describe('Scoring: the options given at creation'),
    status: z.enum(TASK_STATUSES).describe('DRAFT, ACTIVE, PAUSED, COMPLETED, FAILED, CANCELLED'),
    approvalStatus: z
      .enum(APPROVAL_STATUSES)
      .optional()
      .describe('Mailing: PENDING or APPROVED. An edit of the approved creative makes it PENDING at once (approvalResetReason creative_changed)'),
    approval: z
      .looseObject({ ...decision, auto: z.boolean().optional().describe('true: approved at creation by the workspace auto-approve setting') })
      .optional()
      .describe('The last approval: who, the note, when, the creative version approved'),
    approvalResetReason: z.string().nullable().describe('Why an approval was reset: creative_changed (approve again, then start or resume)'),
    rejection: z.looseObject(decision).optional().describe('Set when the task was rejected instead of approved (it is then CANCELLED)'),
    createdBy: taskActor.optional(),
    pauseReason: z
      .string()
      .nullable()
      .describe(
        'Why a task is PAUSED: manual, insufficient_balance, creative_changed, physical_address_missing, sender_<reason> (sender_bounce_rate_exceeded: the mailbox passed the bounce-rate threshold, resume it first), campaign_paused',
      ),
    tracking: z.boolean().optional().describe('Mailing: open and click tracking'),
    owner: sendOrigin.optional().describe('The campaign, sequence or dialog owning this send task (its items arrive over time)'),
    open: z.boolean().optional().describe('An owned task still taking items: it does not complete by itself'),
    built: z.boolean().optional().describe('Started: whether its send items are built yet'),
    sendWindow: z
      .looseObject({ enabled: z.boolean(), workDays: z.array(z.number()), startTime: z.string(), endTime: z.string(), timezone: z.string() })
      .optional()
      .describe("The owner's own send window (a campaign's); the workspace window when absent"),
    createdAt: z.string().describe('ISO 8601 time of creation'),
    updatedAt: z.string().describe('ISO 8601 time of the last change'),
    startedAt: z.string().optional(),
    pausedAt: z.string().optional().describe('When the send engine last paused it'),
    resumedAt: z.string().optional(),
    cancelledAt: z.string().optional(),
    completedAt: z.string().optional().describe('When it became COMPLETED or FAILED'),
    version: z.number(),
    ...(Object.fromEntries(COUNTER_ATTRIBUTES.map((n) => [n, z.number().optional()])) as Record<
      (typeof COUNTER_ATTRIBUTES)[number],
      z.ZodOptional<z.ZodNumber>
    >),
  };
}

/**
 * Tenant-table entities of tasks and their send items.
 *
 * - task:      TASK#<taskId> / TASK                      (gsi1: TASKS / <createdAt>#<taskId>: newest first;
 *              gsi3: TASKREVIEW / <createdAt>#<taskId> while a mailing task a caller created is open (DRAFT, ACTIVE,
 *              PAUSED): the approvals queue reads only these, never the whole task history)
 * - send item: TASK#<taskId> / ITEM#<contactId>          one per list member: QUEUED … SENT | BOUNCED | FAILED, or SKIPPED with a reason
 *              (gsi2: SENDDUE / <dueAt>#<taskId>#<contactId> while not final: the sweep's safety net for
 *              lost queue messages and lost leases; removed when the item is final)
 * - build chunk: TASK#<taskId> / BUILD#<chunkId>          a build chunk counted whose items may not all be written yet
 *              (shared/mailing/sending/build-chunks.ts); deleted when finished
 * - prepaid:   TASK#<taskId> / PREPAID                   the task's pool of paid sends (shared/mailing/sending/prepaid.ts)
 * - contacted: CONTACTED#<emailHash> / CONTACTED          the already-contacted marker (last task and when)
 * - pacing:    SENDPACE#<accountId> / SENDPACE           per mailbox: nextSlotAt (the min-interval slot claimed conditionally)
 */
export const Task = defineEntity({
  entity: TASK_ENTITY,
  version: 1,
  table: 'tenant',
  keys: {
    primary: TASK_PRIMARY_KEY,
    byCreated: { index: 'gsi1', pk: 'TASKS', sk: '${createdAt}#${taskId}' },
    /** Sparse: given (reviewSince) only by createMailingTask, removed when the task ends (cancel, completion). */
    inReview: { index: 'gsi3', pk: 'TASKREVIEW', sk: '${reviewSince}#${taskId}' },
  },
  attributes: taskAttributes(),
  internal: ['version', ...COUNTER_ATTRIBUTES],
});
/** The gsi3 attributes of `inReview`, removed from a task that ends. */
export const IN_REVIEW_ATTRIBUTES = ['gsi3pk', 'gsi3sk'];

export { SendBuildChunk, SendItem };

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

/** A stored task as its readers use it: the declared attributes (their counters are `n_*` attributes, read through taskView). */
export type TaskRecord = Omit<ItemOf<typeof Task>, 'version' | `n_${TaskCounter}`>;

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
  /** Written by a task build: `<chunkId>.Q` or `.S`, the chunk that wrote and counted it, as queued or skipped (shared/mailing/sending/build-chunks.ts). */
  chunk?: string;
  createdAt: string;
  updatedAt: string;
}

export interface SendContent {
  subject: string;
  html: string;
  /** Plain-text part; derived from the HTML when absent. */
  text?: string;
}
