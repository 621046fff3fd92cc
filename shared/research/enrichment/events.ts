import type { TableStore, TxOp } from '../../platform/ports/table-store.js';
import { EnrichmentEvent, seqKey } from './entities.js';
import { enqueueEvent } from './event-commit.js';

export const EVENT_KINDS = [
  'create',
  'running',
  'cancel_requested',
  'retry',
  'item_no_site',
  'item_down',
  'item_ok',
  'item_screenshot',
  'interrupted',
  'resumed_after_restart',
  'resumed_by_stall_watchdog',
  'stall_watchdog_gave_up',
  'done',
  'failed',
  'partial',
  'cancelled',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Writes that must land together with an event (an item's claim, the task's counters), or not at all. */
export interface WithEvent {
  /** Conditional writes first: if one of their conditions fails, nothing is written and the event is not appended. */
  ops?: TxOp[];
  taskAdd?: Record<string, number>;
  taskSet?: Record<string, unknown>;
  /**
   * The task item must satisfy this when the event is written (its `expression` joins the seq's condition;
   * `holds` says the same of a task read back, to tell a lost seq from a task that moved on): else nothing
   * is written and the append answers undefined. Such an append is written in a group of its own. For a
   * state change whose event must sit where the change did, e.g. a run's `running` against a cancel.
   */
  taskCondition?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown>; holds: (task: Record<string, unknown>) => boolean };
}

/**
 * Appends one event: the next seq after the task's `eventSeq` and the event item are written in ONE
 * transaction (conditional on the seq read), together with the caller's `ops` and task counters, so a
 * crash (kill -9) leaves either all of it or none: seq stays gap-free and ordered per task, and a
 * claimed item always has its counters and its event. Concurrent writers retry on the seq they lost.
 * Returns the seq, or undefined when one of `ops` failed its condition (e.g. the item was claimed already).
 *
 * Within one process the appends of a task are group-committed (event-commit.ts): those that queue up
 * while a write is in flight share the next transaction, in arrival order, and start from the seq this
 * process wrote last (no read, no lost race among its own workers: the local runtime's 16 workers, or a
 * Lambda's parallel batch); across processes the seq condition decides and the loser reads the counter again.
 */
export function appendEvent(
  table: TableStore,
  taskId: string,
  kind: EventKind,
  payload: Record<string, unknown> | null,
  now: number,
  extra: Record<string, unknown> = {},
  withEvent: WithEvent = {},
): Promise<number | undefined> {
  return new Promise((done, fail) => enqueueEvent(table, taskId, { kind, payload, now, extra, withEvent, done, fail }));
}

/** Events after `cursor` (the last seq already read), in seq order. */
export async function listEvents(table: TableStore, taskId: string, cursor: number, limit: number) {
  const page = await table.query<{ seq: number; kind: string; payload: unknown; at: string; companyId?: string; reasonCode?: string | null }>({
    pk: EnrichmentEvent.key({ taskId, seq: seqKey(0) }).pk,
    skBetween: [`EVENT#${seqKey(cursor + 1)}`, 'EVENT#~'],
    limit,
  });
  const data = page.items.map((e) => ({
    seq: e.seq,
    kind: e.kind,
    payload: e.payload ?? null,
    at: e.at,
    ...(e.companyId ? { companyId: e.companyId } : {}),
    ...(e.reasonCode ? { reasonCode: e.reasonCode } : {}),
  }));
  return { data, cursor: data.length ? data[data.length - 1].seq : cursor, hasMore: Boolean(page.cursor) };
}
