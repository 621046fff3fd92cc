import type { Provider } from '../deliverability/matrix.js';
import type { RecipientContext } from '../creatives/render.js';
import type { EmailAccountItem } from '../senders/entities.js';
import type { SendItemRecord, TaskRecord } from '../tasks/entities.js';
import type { OutboundMessage, SendResult, SenderTransport } from '../../platform/ports/mail-transport.js';
import type { BounceGuard } from '../../workspace/settings/bounce-guard.js';
import type { SendSettings } from '../../workspace/settings/settings.js';
import type { ComposeInput } from './compose.js';
import type { GateVerdict } from './gates.js';
import type { Lease } from './items.js';

/**
 * What the send worker's core (worker.ts: lease a batch, load what it needs, compose and send;
 * outcomes.ts: group-commit the answers) needs from the outside, for one workspace. The core types
 * against this interface only; `sendStore` (store.ts) implements it over the tenant's table and the
 * domains, built once per runtime and tenant by the queue consumer. Each method is one step of the
 * exactly-once argument (docs/sending.md) and keeps its writes: the write units per send do not
 * depend on which implementation the core runs against.
 */
export interface SendStore {
  readonly tenantId: string;
  /** The lease holder of this process (or local runtime instance): outcomes and unleases are conditional on it. */
  readonly workerId: string;
  /** How long a batch may spend in SMTP before it hands its unsent items back (`sending.smtpBudgetMs`). */
  readonly smtpBudgetMs: number;
  now(): number;

  /** The task (undefined when it is gone) and the batch's items that exist, read together. */
  loadBatch(taskId: string, contactIds: string[]): Promise<{ task: SendTask | undefined; items: SendItemRecord[] }>;
  /** The workspace's send settings: window, interval, company profile, tracking domain, bounce guard. */
  settings(): Promise<SendSettings>;
  /**
   * How the batch's emails are rendered. `creative`: some item has no pre-rendered content, so the
   * task's creative is read; 'drifted' when it changed since its approval (nothing may go).
   */
  content(task: SendTask, creative: boolean): Promise<Render | 'drifted'>;
  /** Recipient contexts (contact and company) of the contacts that exist, by contact id. */
  recipients(contactIds: string[]): Promise<Map<string, RecipientContext>>;
  /** The tracking domain when it is ACTIVE, else null (links then use the service's base URL). */
  trackingDomain(name: string): Promise<string | null>;
  /** Message-IDs of recovered items the provider already filed in the mailbox's Sent folder. */
  inSentFolder(accountId: string, items: SendItemRecord[], messageIdOf: (it: SendItemRecord) => string): Promise<Set<string>>;
  providerOf(email: string): Promise<Provider>;

  /** Window, sender state, daily cap and pacing slot for `n` sends (may pause the task). */
  gate(task: SendTask, settings: SendSettings, n: number, slotAt: number): Promise<GateVerdict | 'paused'>;
  /** ACTIVE → PAUSED with a reason; a no-op when the task is not ACTIVE. */
  pauseTask(task: { taskId: string }, reason: string, also?: Record<string, unknown>): Promise<void>;
  /** Up to `n` paid sends from the task's prepaid pool (buying a block when empty): how many were taken. */
  takePaidSends(taskId: string, n: number): Promise<number>;
  /** Units taken but not used (their lease was lost) go back to the pool. */
  returnPaidSends(taskId: string, n: number): Promise<void>;

  /** A SENDING item whose lease is over, back to QUEUED (marked recovered); undefined when the lease still holds or another recoverer won. */
  recoverLease(item: SendItemRecord): Promise<SendItemRecord | undefined>;
  /** QUEUED → SENDING for the batch (one transaction; one by one when one was taken): the leased items' Message-IDs by contact id. */
  lease(taskId: string, leases: Lease[], at: { leaseUntil: number; workerId: string; slotAt: number; now: number; at: string }): Promise<Map<string, string>>;
  /** A leased item not handed to SMTP goes back to QUEUED, keeping its charge and Message-ID. */
  unlease(item: SendItemRecord, workerId: string): Promise<void>;
  /** A QUEUED item of a cancelled task → CANCELLED, with its counters. */
  cancelQueued(item: SendItemRecord): Promise<void>;
  requeue(item: { taskId: string; contactId: string }, delayMs: number): Promise<void>;
  requeueMany(taskId: string, items: { contactId: string }[], delayMs: number): Promise<void>;
  /**
   * One group of SMTP answers in one write: each item's transition (conditional on `workerId`'s
   * lease), the task counters, the mailbox day row (with the bounce guard's counters). 'lost' when a condition failed
   * (nothing of the group was written); `window` when the bounce window moved (judge it next).
   */
  commitOutcomes(taskId: string, accountId: string, workerId: string, group: RecordedOutcome[]): Promise<'lost' | { window: boolean }>;
  /** Judges the mailbox's bounce window after a commit that moved it; true when the guard tripped (the mailbox is suspended). */
  bounceTripped(accountId: string, guard: BounceGuard, taskId: string): Promise<boolean>;
  /** A hard bounce suppresses the address in the workspace. */
  suppressBounce(email: string, note: string): Promise<void>;
  /** Completes (or settles) the task when its last items are final. */
  checkCompletion(taskId: string): Promise<unknown>;

  /** The email as it goes out: compliance footer, unsubscribe headers, signed tracking links. */
  compose(m: ComposeInput): OutboundMessage;
  /** The mailbox's pooled transport (rejects with `reason` when the mailbox cannot send). */
  transport(account: EmailAccountItem): Promise<SenderTransport>;
}

export type SendTask = TaskRecord & { version: number };
export type Rendered = { subject: string; html: string; text: string };
export type Render = (item: SendItemRecord, recipient: RecipientContext) => Rendered;
export type { BounceGuard, EmailAccountItem, RecipientContext, SendItemRecord, SendResult };

/** One SMTP answer of the send worker, waiting to be recorded. */
export interface Outcome {
  contactId: string;
  email: string;
  /** The attempt this answer ends (attempts before it + 1). */
  attempts: number;
  result: SendResult;
  provider?: Provider;
}

/** How an outcome was recorded: a final state, back to QUEUED for a retry, or not at all (the lease was lost: the sweep owns the item). */
export type Committed = 'final' | 'deferred' | 'lost';

/** An outcome and the transition the core chose for it (accepted → SENT, 5xx → BOUNCED, 4xx → QUEUED or, after the last attempt, FAILED). */
export interface RecordedOutcome {
  o: Outcome;
  kind: 'final' | 'deferred';
}
