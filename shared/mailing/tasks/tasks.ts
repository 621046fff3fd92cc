import { badRequest, conflict } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import { ConditionFailed, type Item, type TableStore } from '../../platform/ports/table-store.js';
import type { Principal } from '../../platform/runtime/principal.js';
import type { SendWindow } from '../../workspace/settings/send-window.js';
import type { ItemOf } from '../../platform/data/entity.js';
import { IN_REVIEW_ATTRIBUTES, Task, TASK_COUNTERS, type SendOrigin, type TaskActor, type TaskCounter, type TaskRecord } from './entities.js';
import { Creative } from '../creatives/entities.js';
import { getTaskItem } from './task-item.js';

/** Counters every mailing task carries (progress: queued → sending → final). */
export const ZERO_COUNTERS = {
  total: 0,
  queued: 0,
  sent: 0,
  bounced: 0,
  failed: 0,
  skipped: 0,
  cancelled: 0,
  deferred: 0,
  opens: 0,
  uniqueOpens: 0,
  clicks: 0,
  uniqueClicks: 0,
  unsubscribed: 0,
  /** Recipients who answered (first real reply each, auto-replies excluded): set by the inbox sync. */
  replied: 0,
} satisfies Record<TaskCounter, 0>;
/** The counters of a new mailing task, as stored. */
const zeroCounterAttributes = () => Object.fromEntries(TASK_COUNTERS.map((c) => [counterAttr(c), 0])) as Record<`n_${TaskCounter}`, number>;

export interface MailingTaskInput {
  description: string;
  creativeId: string;
  accountId: string;
  contactListId: string;
  tracking?: boolean;
}

/** The API view of a stored task: its answered attributes, its id, and its counters (0 for those never added to). */
export function taskView(i: Item) {
  const counters = Object.fromEntries(TASK_COUNTERS.map((c) => [c, Number(i[counterAttr(c)] ?? 0)])) as Record<TaskCounter, number>;
  return { id: i.taskId as string, ...Task.view(i), counters };
}
export type TaskView = ReturnType<typeof taskView>;

export type CounterName = TaskCounter;
/** Counters are top-level attributes (`n_sent` ...) so that workers can ADD to them atomically. */
export const counterAttr = <C extends CounterName>(name: C) => `n_${name}` as const;
export const counterAdds = (adds: Partial<Record<CounterName, number>>) =>
  Object.fromEntries(Object.entries(adds).map(([k, v]) => [counterAttr(k as CounterName), v as number]));

export async function createMailingTask(
  table: TableStore,
  input: MailingTaskInput,
  now: number,
  opts: { autoApproved?: TaskRecord['approval']; createdBy?: TaskActor } = {},
) {
  const taskId = newId(now);
  const at = new Date(now).toISOString();
  const record: ItemOf<typeof Task> = {
    taskId,
    methodId: 2,
    methodName: 'mailing',
    description: input.description,
    creativeId: input.creativeId,
    accountId: input.accountId,
    contactListId: input.contactListId,
    status: 'DRAFT',
    approvalStatus: opts.autoApproved ? 'APPROVED' : 'PENDING',
    ...(opts.autoApproved ? { approval: opts.autoApproved } : {}),
    ...(opts.createdBy ? { createdBy: opts.createdBy } : {}),
    tracking: input.tracking ?? true,
    ...zeroCounterAttributes(),
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  // In the review index (gsi3) from the start, approved or not: an edit of the creative can make it pending again at any time.
  await table.put(Task.item({ taskId, createdAt: at, reviewSince: at }, record), Task.notExists);
  return taskView(record as unknown as Item);
}

/**
 * The send task another domain owns (a campaign, a sequence, a mailbox's replies): ACTIVE and `open`
 * from the start (its owner's own gates and approval came first), items added with `addSendItems`.
 * Idempotent per `taskId` (the owner picks a stable one, e.g. its own id): a replay answers the stored task.
 */
export async function ensureOwnedSendTask(
  table: TableStore,
  input: { taskId: string; owner: SendOrigin; accountId: string; description: string; tracking?: boolean; sendWindow?: SendWindow },
  now: number,
) {
  const at = new Date(now).toISOString();
  const record: ItemOf<typeof Task> = {
    taskId: input.taskId,
    methodId: 2,
    methodName: 'mailing',
    description: input.description,
    accountId: input.accountId,
    owner: input.owner,
    open: true,
    built: true,
    ...(input.sendWindow ? { sendWindow: input.sendWindow } : {}),
    status: 'ACTIVE',
    approvalStatus: 'APPROVED',
    tracking: input.tracking ?? true,
    ...zeroCounterAttributes(),
    createdAt: at,
    updatedAt: at,
    startedAt: at,
    version: 1,
  };
  try {
    await table.put(Task.item({ taskId: input.taskId, createdAt: at }, record), Task.notExists);
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
  }
  return getTaskItem(table, input.taskId);
}

export { getTaskItem };

export const getTask = async (table: TableStore, taskId: string) =>
  (await withCurrentApproval(table, [taskView((await getTaskItem(table, taskId)) as unknown as Item)]))[0];

/** An approval pinned to a creative version that is no longer the creative's (an edit since): content drift. Start, send worker and views share it. */
export const approvalDrifted = (task: { approvalStatus?: string; approval?: { creativeVersion: number | null } }, currentVersion: number | null | undefined) =>
  task.approvalStatus === 'APPROVED' && task.approval?.creativeVersion != null && currentVersion != null && currentVersion !== task.approval.creativeVersion;

/**
 * Views show the approval as it stands now: an open task whose creative was edited after approval reads
 * PENDING (creative_changed) at once, though the reset is written only by the next start (409
 * approval_stale) or send batch (the task pauses). One BatchGet of the creatives per page.
 */
export async function withCurrentApproval<T extends TaskView>(table: TableStore, tasks: T[]): Promise<T[]> {
  const open = tasks.filter(
    (t) => ['DRAFT', 'ACTIVE', 'PAUSED'].includes(t.status) && t.approvalStatus === 'APPROVED' && t.approval?.creativeVersion != null && t.creativeId,
  );
  if (!open.length) return tasks;
  const keys = [...new Set(open.map((t) => t.creativeId!))].map((creativeId) => Creative.key({ creativeId }));
  const version = new Map((await table.batchGet<{ id: string; contentVersion?: number }>(keys)).map((c) => [c.id, c.contentVersion ?? 1]));
  return tasks.map((t) => (approvalDrifted(t, version.get(t.creativeId!)) ? { ...t, approvalStatus: 'PENDING', approvalResetReason: 'creative_changed' } : t));
}

export async function listTasks(table: TableStore, q: { limit: number; cursor?: string; status?: string; methodId?: number }) {
  const conds: string[] = [];
  const values: Record<string, unknown> = {};
  if (q.status) (conds.push('#st = :st'), (values[':st'] = q.status));
  if (q.methodId) (conds.push('methodId = :m'), (values[':m'] = q.methodId));
  const page = await table.query({
    ...Task.query('byCreated', {}),
    descending: true,
    limit: q.limit,
    cursor: q.cursor,
    ...(conds.length ? { filter: { expression: conds.join(' AND '), values, ...(q.status ? { names: { '#st': 'status' } } : {}) } } : {}),
  });
  return { data: await withCurrentApproval(table, page.items.map(taskView)), nextCursor: page.cursor ?? null };
}

/** Who acted (created, approved, rejected): a person (session, with the email) or a key (with its name), and the channel; never a secret. */
export const approverOf = (p: Principal | undefined, channel?: string): TaskActor => ({
  kind: p?.kind ?? 'unknown',
  ...(p?.userId ? { userId: p.userId } : {}),
  ...(p?.keyId ? { keyId: p.keyId } : {}),
  ...(p?.keyName ? { keyName: p.keyName } : {}),
  ...(p?.accountId ? { accountId: p.accountId } : {}),
  ...(p?.kind === 'session' && p.email ? { email: p.email } : {}),
  ...(channel ? { channel } : {}),
});

/**
 * Records an approval of a mailing task (DRAFT or PAUSED; re-approving an approved task refreshes the
 * approved creative version). `creativeVersion` is the creative's contentVersion at approval: start
 * compares it with the current one (content drift).
 */
export async function approveTask(table: TableStore, taskId: string, approval: NonNullable<TaskRecord['approval']>, now: number) {
  const task = await getTaskItem(table, taskId);
  if (task.methodId !== 2) throw badRequest(['only mailing tasks (methodId 2) are approved']);
  if (!['DRAFT', 'PAUSED'].includes(task.status))
    throw conflict(`Task is ${task.status}; only DRAFT or PAUSED tasks can be approved`, { code: 'task_not_approvable', status: task.status });
  try {
    const after = await table.update<Item>(Task.key({ taskId }), {
      set: { approvalStatus: 'APPROVED', approval, approvalResetReason: null, updatedAt: new Date(now).toISOString() },
      add: { version: 1 },
      condition: { expression: 'version = :v', values: { ':v': task.version } },
    });
    return taskView(after);
  } catch (e) {
    if (e instanceof ConditionFailed) throw conflict('Task changed meanwhile; retry', { code: 'task_changed' });
    throw e;
  }
}

/** Conditional status move (optimistic on version), with extra attributes set; a move to a final status leaves the review index. */
export async function moveTask(table: TableStore, task: { taskId: string; version: number }, set: Record<string, unknown>, now: number) {
  const final = ['COMPLETED', 'FAILED', 'CANCELLED'].includes(set.status as string);
  try {
    const after = await table.update<Item>(Task.key({ taskId: task.taskId }), {
      set: { ...set, updatedAt: new Date(now).toISOString() },
      ...(final ? { remove: IN_REVIEW_ATTRIBUTES } : {}),
      add: { version: 1 },
      condition: { expression: 'version = :v', values: { ':v': task.version } },
    });
    return after as unknown as TaskRecord & { version: number };
  } catch (e) {
    if (e instanceof ConditionFailed) throw conflict('Task changed meanwhile; retry', { code: 'task_changed' });
    throw e;
  }
}
