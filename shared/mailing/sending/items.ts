import { randomBytes } from 'node:crypto';
import { ConditionFailed, exists, notExists, type Item, type TableStore, type UpdateSpec } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { SendItem, Task, type SendContent, type SendItemRecord, type SendOrigin } from '../tasks/entities.js';
import { conflict } from '../../platform/errors.js';
import { counterAdds, type CounterName } from '../tasks/tasks.js';
import { enqueue, enqueueSends } from './queue.js';

/** Send-item writes shared by the worker, the sweep and the task lifecycle. */

/** Due times as fixed-width sort keys (gsi2 SENDDUE). */
export const pad = (ms: number) => String(Math.max(0, Math.floor(ms))).padStart(15, '0');

export const itemKey = (taskId: string, contactId: string) => SendItem.key({ taskId, contactId });
export const dueIndex = (taskId: string, contactId: string, dueAt: number) => SendItem.indexKeys('due', { dueAt: pad(dueAt), taskId, contactId });

export async function getItem(table: TableStore, taskId: string, contactId: string) {
  return table.get<SendItemRecord & Item>(itemKey(taskId, contactId));
}

/** A batch's items (those that exist), in one BatchGet. */
export async function getItems(table: TableStore, taskId: string, contactIds: string[]) {
  return table.batchGet<SendItemRecord & Item>(contactIds.map((contactId) => itemKey(taskId, contactId)));
}

/** One item the worker wants to lease: its Message-ID (kept from a first attempt) and whether this attempt pays. */
export interface Lease {
  contactId: string;
  messageId: string;
  paying: boolean;
}

/**
 * QUEUED → SENDING for a batch: each item conditional on still being QUEUED, with the lease, the
 * Message-ID, chargedAt (when paying) and smtpStartedAt (from here on a lost lease is ambiguous: the
 * sweep re-sends with this Message-ID). Each item's lease stands alone (an item another worker took,
 * by a duplicate message or the sweep, is simply not leased), so the batch's leases are one
 * `writeEach` call at 1 write unit per item, not a transaction at 2. Answers the leased items'
 * Message-IDs by contact id.
 */
export async function leaseItems(
  table: TableStore,
  taskId: string,
  leases: Lease[],
  at: { leaseUntil: number; workerId: string; slotAt: number; now: number; at: string },
): Promise<Map<string, string>> {
  const spec = (l: Lease): UpdateSpec => ({
    set: {
      status: 'SENDING',
      leaseUntil: at.leaseUntil,
      workerId: at.workerId,
      messageId: l.messageId,
      slotAt: at.slotAt,
      smtpStartedAt: at.now,
      ...(l.paying ? { chargedAt: at.now } : {}),
      updatedAt: at.at,
    },
    add: { attempts: 1 },
    condition: { expression: '#s = :st', names: { '#s': 'status' }, values: { ':st': 'QUEUED' } },
  });
  const done = await table.writeEach(leases.map((l) => ({ update: itemKey(taskId, l.contactId), spec: spec(l) })));
  return new Map(leases.filter((_, k) => done[k]).map((l) => [l.contactId, l.messageId]));
}

/** The worker of this process in AWS (one Lambda container); locally the runtime instance, so its successor knows its leases. */
const PROCESS_WORKER = `w-${process.pid}-${randomBytes(4).toString('hex')}`;
export const leaseHolder = (deps: Deps) => deps.localInstanceId ?? PROCESS_WORKER;

/**
 * A SENDING item whose lease is over: its time ran out (the worker died or hangs), or, in the embedded
 * runtime, another instance holds it: that instance's process is gone (docs/sending.md, "Exactly once").
 */
export const leaseOver = (deps: Deps, it: SendItemRecord, now: number) =>
  it.status === 'SENDING' && ((it.leaseUntil ?? 0) < now || (deps.localInstanceId !== undefined && it.workerId !== deps.localInstanceId));

/**
 * A lost lease back to QUEUED, keeping its Message-ID and chargedAt, marked `recovered`; after
 * `smtpStartedAt` the outcome is unknown, so `ambiguousAttempts` counts it (the Sent-folder check
 * looks for exactly those). Conditional on the same lease, so one recoverer wins. Answers the item as
 * stored now, or undefined when the lease is not over or someone else moved the item.
 */
export async function recoverLease(deps: Deps, tenantId: string, it: SendItemRecord, set: Record<string, unknown> = {}) {
  if (!leaseOver(deps, it, deps.clock.now())) return undefined;
  const ambiguous = it.smtpStartedAt !== undefined;
  try {
    const after = await deps.tenantTable(tenantId).update<SendItemRecord & Item>(itemKey(it.taskId, it.contactId), {
      set: { ...set, status: 'QUEUED', recovered: true, ...(ambiguous ? { ambiguousAttempts: (it.ambiguousAttempts ?? 0) + 1 } : {}) },
      remove: ['leaseUntil', 'workerId', 'smtpStartedAt'],
      condition: {
        expression: '#s = :s AND leaseUntil = :l AND workerId = :w',
        names: { '#s': 'status' },
        values: { ':s': 'SENDING', ':l': it.leaseUntil, ':w': it.workerId },
      },
    });
    log.warn('send lease recovered', { tenantId, taskId: it.taskId, messageId: it.messageId, ambiguous, from: it.workerId });
    return after;
  } catch (e) {
    if (e instanceof ConditionFailed) return undefined;
    throw e;
  }
}

/** Conditional item update; false when the condition failed (someone else moved it). */
export async function updateItem(table: TableStore, taskId: string, contactId: string, spec: Parameters<TableStore['update']>[1]) {
  try {
    await table.update(itemKey(taskId, contactId), spec);
    return true;
  } catch (e) {
    if (e instanceof ConditionFailed) return false;
    throw e;
  }
}

/**
 * An item transition and the task counters it moves, in one transaction: a crash between two separate
 * writes would keep the new status and lose the count (the task then completes early, or never).
 * false when a condition failed: the item moved under us, or the task is gone.
 * Costs 2 WRU per item written (transactional) instead of 1: ~$0.0025 per 1,000 sends on demand.
 */
export async function moveItem(table: TableStore, taskId: string, contactId: string, spec: UpdateSpec, counters: Partial<Record<CounterName, number>>) {
  try {
    await table.transact([
      { update: itemKey(taskId, contactId), spec },
      { update: Task.key({ taskId }), spec: { add: counterAdds(counters), condition: exists } },
    ]);
    return true;
  } catch (e) {
    if (e instanceof ConditionFailed) return false;
    throw e;
  }
}

/** Atomic counter moves on an existing task (never creates a task item). */
export async function addCounters(table: TableStore, taskId: string, adds: Partial<Record<CounterName, number>>) {
  await table.update(Task.key({ taskId }), { add: counterAdds(adds), condition: { expression: 'attribute_exists(pk)' } }).catch((e) => {
    if (!(e instanceof ConditionFailed)) throw e;
  });
}

/** Puts a QUEUED item back on the queue after `delayMs`, moving its due time (the sweep's safety net) along. */
export async function requeue(deps: Deps, tenantId: string, item: { taskId: string; contactId: string }, delayMs: number, set: Record<string, unknown> = {}) {
  const table = deps.tenantTable(tenantId);
  const dueAt = deps.clock.now() + delayMs;
  await table.update(itemKey(item.taskId, item.contactId), { set: { ...set, dueAt, ...dueIndex(item.taskId, item.contactId, dueAt) } });
  await enqueue(deps, { type: 'send', tenantId, taskId: item.taskId, contactId: item.contactId }, delayMs);
}

/** Puts QUEUED items back on the queue after `delayMs` as one batch message, moving each one's due time along. */
export async function requeueMany(deps: Deps, tenantId: string, taskId: string, items: { contactId: string }[], delayMs: number) {
  if (!items.length) return;
  const table = deps.tenantTable(tenantId);
  const dueAt = deps.clock.now() + delayMs;
  await Promise.all(items.map((it) => table.update(itemKey(taskId, it.contactId), { set: { dueAt, ...dueIndex(taskId, it.contactId, dueAt) } })));
  await enqueueSends(
    deps,
    tenantId,
    taskId,
    items.map((it) => it.contactId),
    delayMs,
  );
}

/**
 * New items (≤ 99) and the task counters they add, in one transaction, each item conditional on not
 * existing: a crash never leaves items the counters do not know. Answers the contact ids of the
 * QUEUED ones, or undefined when one of the items already existed (a concurrent writer won).
 * Only `addSendItems` writes this way (2 units per item): its items carry content that only the
 * request has, so no one could finish a chunk the request counted and died in (the task build writes
 * single items and finishes its chunks from their records: build-chunks.ts), and a concurrent add must
 * get a 409 with nothing of its chunk added.
 */
export async function putItemsCounted(table: TableStore, taskId: string, items: Item[]): Promise<string[] | undefined> {
  const queued = items.filter((i) => i.status === 'QUEUED');
  try {
    await table.transact([
      ...items.map((item) => ({ put: item, condition: notExists })),
      { update: Task.key({ taskId }), spec: { add: counterAdds({ total: items.length, queued: queued.length, skipped: items.length - queued.length }) } },
    ]);
  } catch (e) {
    if (e instanceof ConditionFailed) return undefined;
    throw e;
  }
  return queued.map((i) => i.contactId as string);
}

export interface NewSendItem {
  contactId: string;
  email: string;
  content: SendContent;
  thread?: SendItemRecord['thread'];
  origin?: SendOrigin;
  /** Not before (ms epoch); now when absent. */
  dueAt?: number;
}

/**
 * Sends pre-rendered emails through an owner's `open` task (campaigns, sequences, replies): items
 * are written with their counters (chunks of 99) and queued for their due time; the worker applies
 * the same gates (window, sender state, daily cap, pacing), charge, compliance footer and tracking as
 * for any task. One item per (task, contact): an item that already exists is a replay and is left
 * alone (answers the ids actually added).
 */
export async function addSendItems(deps: Deps, tenantId: string, taskId: string, items: NewSendItem[]): Promise<string[]> {
  const table = deps.tenantTable(tenantId);
  const added: string[] = [];
  for (let i = 0; i < items.length; i += 99) {
    const chunk = items.slice(i, i + 99);
    const existing = new Set((await table.batchGet<{ contactId: string }>(chunk.map((x) => itemKey(taskId, x.contactId)))).map((x) => x.contactId));
    const fresh = chunk.filter((x) => !existing.has(x.contactId));
    if (!fresh.length) continue;
    const now = deps.clock.now();
    const at = new Date(now).toISOString();
    const records = fresh.map((x) => {
      const dueAt = Math.max(now, x.dueAt ?? now);
      return SendItem.item(
        { taskId, contactId: x.contactId, dueAt: pad(dueAt) },
        {
          taskId,
          contactId: x.contactId,
          email: x.email,
          status: 'QUEUED',
          attempts: 0,
          dueAt,
          content: x.content,
          ...(x.thread ? { thread: x.thread } : {}),
          ...(x.origin ? { origin: x.origin } : {}),
          createdAt: at,
          updatedAt: at,
        },
      );
    });
    const kept = await putItemsCounted(table, taskId, records);
    if (kept === undefined) throw conflict('these send items are being added by another request; retry');
    // Items due together go in one batch message.
    const byDue = new Map<number, string[]>();
    for (const r of records)
      if (kept.includes(r.contactId as string)) byDue.set(r.dueAt as number, [...(byDue.get(r.dueAt as number) ?? []), r.contactId as string]);
    await Promise.all([...byDue].map(([dueAt, ids]) => enqueueSends(deps, tenantId, taskId, ids, dueAt - now)));
    added.push(...kept);
  }
  return added;
}

/** Every QUEUED item of a task back on the queue (resume, cancel): bounded pages, items of 1000. */
export async function enqueueQueuedItems(deps: Deps, tenantId: string, taskId: string) {
  const table = deps.tenantTable(tenantId);
  let n = 0;
  for (let cursor: string | undefined, i = 0; i < 200; i++) {
    const page = await table.query<SendItemRecord>({
      ...SendItem.query('primary', { taskId }),
      skBeginsWith: 'ITEM#',
      limit: 1000,
      cursor,
      filter: { expression: '#s = :q', names: { '#s': 'status' }, values: { ':q': 'QUEUED' } },
    });
    await enqueueSends(
      deps,
      tenantId,
      taskId,
      page.items.map((it) => it.contactId),
    );
    n += page.items.length;
    cursor = page.cursor;
    if (!cursor) break;
  }
  return n;
}
