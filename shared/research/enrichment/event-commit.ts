import { ConditionFailed, notExists, type TableStore, type TxOp } from '../../platform/ports/table-store.js';
import { EnrichmentEvent, EnrichmentTask, seqKey } from './entities.js';
import type { WithEvent } from './events.js';

/** One append waiting for its transaction. */
export interface PendingEvent {
  kind: string;
  payload: Record<string, unknown> | null;
  now: number;
  extra: Record<string, unknown>;
  withEvent: WithEvent;
  done: (seq: number | undefined) => void;
  fail: (e: unknown) => void;
}

/** DynamoDB's limit of actions per transaction: the group's ops + its event puts + the one task update. */
const MAX_ACTIONS = 100;

/** Per task (table + taskId): the last seq this process wrote, so the next group needs no read. Bounded. */
const lastSeq = new Map<string, number>();
/** Per task: the appends of this process waiting for, or in, a write. Deleted when idle. */
const logs = new Map<string, TaskEventLog>();

export function enqueueEvent(table: TableStore, taskId: string, p: PendingEvent) {
  const key = `${table.tableName}\u0000${taskId}`;
  let log = logs.get(key);
  if (!log) logs.set(key, (log = new TaskEventLog(table, taskId, key)));
  log.add(p);
}

/**
 * Group commit of one task's appends in this process. The first append of an idle task is written at
 * once (no linger); the appends that queue up while a write is in flight go together in the next one:
 * their ops, one task update (eventSeq = prev + k, taskAdd summed, taskSet merged in order) and k event
 * puts with consecutive seqs, in ONE transaction, so each append is all-or-nothing as before and the
 * task pays one round trip per group instead of one per company. A group stops before an append that
 * would push it past MAX_ACTIONS or that touches an item already in it (DynamoDB refuses two operations
 * on one item in a transaction).
 */
class TaskEventLog {
  private pending: PendingEvent[] = [];
  private writing = false;

  constructor(
    private readonly table: TableStore,
    private readonly taskId: string,
    private readonly key: string,
  ) {}

  add(p: PendingEvent) {
    this.pending.push(p);
    void this.drain();
  }

  private async drain() {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.pending.length) {
        const group = this.takeGroup();
        try {
          await this.write(group);
        } catch (e) {
          for (const p of group) p.fail(e); // no-op for those already settled
        }
      }
    } finally {
      this.writing = false;
      if (logs.get(this.key) === this) logs.delete(this.key);
    }
  }

  private takeGroup(): PendingEvent[] {
    const taskKey = keyId(EnrichmentTask.key({ taskId: this.taskId }));
    const seen = new Set([taskKey]);
    let actions = 1;
    let n = 0;
    for (; n < this.pending.length; n++) {
      // An append conditional on the task goes alone: a failed condition must not drop the others.
      if (this.pending[n].withEvent.taskCondition) {
        if (n === 0) n = 1;
        break;
      }
      const keys = (this.pending[n].withEvent.ops ?? []).map(opKey);
      if (n > 0 && (actions + keys.length + 1 > MAX_ACTIONS || keys.some((k) => seen.has(k)))) break;
      for (const k of keys) seen.add(k);
      actions += keys.length + 1;
    }
    return this.pending.splice(0, n);
  }

  /** Writes the group; drops (settles with undefined) an append whose own ops fail their condition, and retries the rest. */
  private async write(group: PendingEvent[]) {
    let live = group;
    let reread = false;
    for (let races = 0; live.length;) {
      let prev = reread ? undefined : lastSeq.get(this.key);
      if (prev === undefined) {
        const task = await this.table.get<{ eventSeq?: number }>(EnrichmentTask.key({ taskId: this.taskId }));
        if (!task) throw new Error(`site enrichment task ${this.taskId} is gone`);
        const when = live[0].withEvent.taskCondition;
        if (when && !when.holds(task)) return live[0].done(undefined); // the task moved on: nothing written
        prev = task.eventSeq ?? 0;
      }
      const { ops, owners } = this.transaction(live, prev);
      try {
        await this.table.transact(ops);
      } catch (e) {
        if (!(e instanceof ConditionFailed)) throw e;
        const failed = e.reasons.flatMap((r, i) => (r === 'ConditionalCheckFailed' ? [i] : []));
        if (!failed.length && e.index !== undefined) failed.push(e.index);
        const dropped = new Set(failed.filter((i) => i < owners.length).map((i) => owners[i]));
        // Past the ops: the task update or an event put, i.e. another writer took this seq: read it again.
        reread = failed.length === 0 || failed.some((i) => i >= owners.length);
        if (dropped.size) {
          for (const p of dropped) p.done(undefined); // the cached seq may still be right: kept unless raced
          live = live.filter((p) => !dropped.has(p));
          continue;
        }
        if (++races > 200) throw e;
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(20, races)));
        continue;
      }
      lastSeq.set(this.key, prev + live.length);
      if (lastSeq.size > 10_000) lastSeq.delete(lastSeq.keys().next().value!); // bounded: oldest task first
      live.forEach((p, i) => p.done(prev + i + 1));
      return;
    }
  }

  /** The group's transaction; `owners[i]` is the append whose op is at index i (the ops come first). */
  private transaction(group: PendingEvent[], prev: number) {
    const owners = group.flatMap((p) => (p.withEvent.ops ?? []).map(() => p));
    const add: Record<string, number> = {};
    const set: Record<string, unknown> = {};
    for (const p of group) {
      for (const [k, v] of Object.entries(p.withEvent.taskAdd ?? {})) add[k] = (add[k] ?? 0) + v;
      Object.assign(set, p.withEvent.taskSet);
    }
    const ops: TxOp[] = [
      ...group.flatMap((p) => p.withEvent.ops ?? []),
      {
        update: EnrichmentTask.key({ taskId: this.taskId }),
        spec: {
          set: { ...set, eventSeq: prev + group.length },
          ...(Object.keys(add).length ? { add } : {}),
          condition: withTaskCondition(
            {
              expression: prev === 0 ? 'attribute_exists(pk) AND (attribute_not_exists(eventSeq) OR eventSeq = :p)' : 'eventSeq = :p',
              values: { ':p': prev },
            },
            group[0].withEvent.taskCondition,
          ),
        },
      },
      ...group.map((p, i) => ({
        put: EnrichmentEvent.item(
          { taskId: this.taskId, seq: seqKey(prev + i + 1) },
          { taskId: this.taskId, seq: prev + i + 1, kind: p.kind, payload: p.payload, at: new Date(p.now).toISOString(), ...p.extra },
        ),
        condition: notExists,
      })),
    ];
    return { ops, owners };
  }
}

/** The seq's condition, and the append's own condition on the task when it has one (it is then alone in its group). */
function withTaskCondition(seq: { expression: string; values: Record<string, unknown> }, when: WithEvent['taskCondition']) {
  if (!when) return seq;
  return { expression: `(${seq.expression}) AND (${when.expression})`, names: when.names, values: { ...seq.values, ...when.values } };
}

const keyId = (k: { pk?: unknown; sk?: unknown }) => `${String(k.pk)}\u0000${String(k.sk)}`;
const opKey = (op: TxOp) => keyId('put' in op ? op.put : 'update' in op ? op.update : 'delete' in op ? op.delete : op.check);
