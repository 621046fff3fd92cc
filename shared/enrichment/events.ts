import { ConditionFailed, notExists, type TableStore, type TxOp } from '../ports/table-store.js';
import { EnrichmentEvent, EnrichmentTask, seqKey } from './entities.js';

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
}

/**
 * Appends one event: the next seq after the task's `eventSeq` and the event item are written in ONE
 * transaction (conditional on the seq read), together with the caller's `ops` and task counters, so a
 * crash (kill -9) leaves either all of it or none: seq stays gap-free and ordered per task, and a
 * claimed item always has its counters and its event. Concurrent writers retry on the seq they lost.
 * Returns the seq, or undefined when one of `ops` failed its condition (e.g. the item was claimed already).
 *
 * Within one process the appends of a task run one after another and start from the seq this process
 * wrote last (no read, no lost race among its own workers: the local runtime's 16 workers, or a Lambda's
 * parallel batch); across processes the seq condition decides and the loser reads the counter again.
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
  const key = `${table.tableName}\u0000${taskId}`;
  const run = (chains.get(key) ?? Promise.resolve()).then(() => append(table, taskId, key, kind, payload, now, extra, withEvent));
  const tail = run.catch(() => undefined);
  chains.set(key, tail);
  void tail.then(() => chains.get(key) === tail && chains.delete(key));
  return run;
}

/** Per task (table + taskId): the tail of this process's append chain and the last seq it wrote. */
const chains = new Map<string, Promise<unknown>>();
const lastSeq = new Map<string, number>();

async function append(
  table: TableStore,
  taskId: string,
  key: string,
  kind: EventKind,
  payload: Record<string, unknown> | null,
  now: number,
  extra: Record<string, unknown>,
  withEvent: WithEvent,
): Promise<number | undefined> {
  const ops = withEvent.ops ?? [];
  for (let attempt = 0; ; attempt++) {
    let prev = attempt === 0 ? lastSeq.get(key) : undefined;
    if (prev === undefined) {
      const task = await table.get<{ eventSeq?: number }>(EnrichmentTask.key({ taskId }));
      if (!task) throw new Error(`site enrichment task ${taskId} is gone`);
      prev = task.eventSeq ?? 0;
    }
    const seq = prev + 1;
    try {
      await table.transact([
        ...ops,
        {
          update: EnrichmentTask.key({ taskId }),
          spec: {
            set: { ...withEvent.taskSet, eventSeq: seq },
            ...(withEvent.taskAdd ? { add: withEvent.taskAdd } : {}),
            condition: {
              expression: prev === 0 ? 'attribute_exists(pk) AND (attribute_not_exists(eventSeq) OR eventSeq = :p)' : 'eventSeq = :p',
              values: { ':p': prev },
            },
          },
        },
        {
          put: EnrichmentEvent.item({ taskId, seq: seqKey(seq) }, { taskId, seq, kind, payload, at: new Date(now).toISOString(), ...extra }),
          condition: notExists,
        },
      ]);
      lastSeq.set(key, seq);
      if (lastSeq.size > 10_000) lastSeq.delete(lastSeq.keys().next().value!); // bounded: oldest task first
      return seq;
    } catch (e) {
      if (!(e instanceof ConditionFailed)) throw e;
      const at = e.index ?? e.reasons.findIndex((r) => r === 'ConditionalCheckFailed');
      if (at >= 0 && at < ops.length) return undefined; // the cached seq may still be right: keep it
      if (attempt >= 200) throw e;
      // Another writer took this seq: read the counter again, after a short random pause to spread retries.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(20, 1 + attempt)));
    }
  }
}

/** Events after `cursor` (the last seq already read), in seq order. */
export async function listEvents(table: TableStore, taskId: string, cursor: number, limit: number) {
  const page = await table.query<{ seq: number; kind: string; payload: unknown; at: string; companyId?: string }>({
    pk: EnrichmentEvent.key({ taskId, seq: seqKey(0) }).pk,
    skBetween: [`EVENT#${seqKey(cursor + 1)}`, 'EVENT#~'],
    limit,
  });
  const data = page.items.map((e) => ({ seq: e.seq, kind: e.kind, payload: e.payload ?? null, at: e.at, ...(e.companyId ? { companyId: e.companyId } : {}) }));
  return { data, cursor: data.length ? data[data.length - 1].seq : cursor, hasMore: Boolean(page.cursor) };
}
