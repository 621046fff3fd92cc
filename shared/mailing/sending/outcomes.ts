import type { Provider } from '../deliverability/matrix.js';
import type { SendResult } from '../../platform/ports/mail-transport.js';
import { ConditionFailed, exists, type TxOp, type UpdateSpec } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { senderDayUpdate } from '../senders/transport.js';
import { Task } from '../tasks/entities.js';
import { counterAdds, type CounterName } from '../tasks/tasks.js';
import { itemKey } from './items.js';
import { MAX_ATTEMPTS } from './settings.js';
import { bounceWindowAdd, checkBounceWindow } from './bounce-guard.js';
import { DEFAULT_BOUNCE_GUARD, type BounceGuard } from '../../workspace/settings/bounce-guard.js';
import { costStep } from '../../platform/runtime/cost-step.js';

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

/** Outcomes per transaction: their items, the task counters, the mailbox day row and its bounce window stay within DynamoDB's 100 actions. */
const GROUP_MAX = 48;
/**
 * A group is written once it has this many answers, or LINGER_MS after its first (remote SMTP answers
 * arrive ~0.1–0.3 s apart per connection; the batches of one task in this process share the committer,
 * so a busy task fills a group within the linger).
 */
const GROUP_TARGET = 24;
const LINGER_MS = 200;

/**
 * Group commit of a task's SMTP answers (the batches of the task in this process share one committer:
 * `shareOutcomeCommitter`). An answer waits at most LINGER_MS for others (less when GROUP_TARGET
 * answers are pending, or when no sharing batch has more to come); the answers that arrive while
 * a write is in flight go together in the next one. Each write is one transaction: the items'
 * transitions (each conditional on this worker's lease), the task counters they move and the
 * mailbox day row (relay health and the deliverability matrix) and the mailbox's bounce window
 * (shared/mailing/sending/bounce-guard.ts: judged after the commit), so a crash never keeps a status
 * without its count. The time an accepted email waits for its record is the one window in which a
 * crash can lead to a second copy (with the same Message-ID: docs/sending.md); group commit keeps it
 * to 200 ms plus one write, while a batch of 25 costs a few transactions instead of 25 (each of which
 * would rewrite the task counters, the day row and the bounce window: 8 write units per email
 * instead of ~2.3). A group
 * whose condition fails (one lease was lost to the sweep) is written again one by one.
 */
export class OutcomeCommitter {
  /** Items moved to a final state: the task may be complete. */
  finals = 0;
  /** The mailbox's bounce guard tripped (now or before): send nothing more through it. */
  tripped = false;
  private pending: { o: Outcome; done: (c: Committed) => void; fail: (e: unknown) => void }[] = [];
  private writing = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: Deps,
    private readonly tenantId: string,
    private readonly taskId: string,
    private readonly accountId: string,
    private readonly workerId: string,
    private bounceGuard: BounceGuard = DEFAULT_BOUNCE_GUARD,
  ) {}

  /** Batches of this process using the committer now (`shareOutcomeCommitter`), and how many of them still send. */
  users = 0;
  sending = 0;

  add(o: Outcome): Promise<Committed> {
    return new Promise((done, fail) => {
      this.pending.push({ o, done, fail });
      // The first answer of a group waits LINGER_MS for more (or until the group is full, or flush()).
      if (this.pending.length >= GROUP_TARGET) void this.drain();
      else this.timer ??= setTimeout(() => void this.drain(), LINGER_MS);
    });
  }

  /** Writes what is pending now (the batch has no more answers to come). */
  flush() {
    void this.drain();
  }

  get idle() {
    return !this.writing && !this.pending.length;
  }

  /** A sharing batch may come with newer workspace settings. */
  useGuard(guard: BounceGuard) {
    this.bounceGuard = guard;
  }

  private async drain() {
    if (this.timer) (clearTimeout(this.timer), (this.timer = undefined));
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.pending.length) {
        const group = this.pending.splice(0, GROUP_MAX);
        try {
          const kinds = await this.write(group.map((g) => g.o));
          group.forEach((g, i) => g.done(kinds[i]));
        } catch (e) {
          for (const g of group) g.fail(e);
        }
      }
    } finally {
      this.writing = false;
    }
  }

  private async write(group: Outcome[]): Promise<Committed[]> {
    const table = this.deps.tenantTable(this.tenantId);
    const now = this.deps.clock.now();
    const at = new Date(now).toISOString();
    const counters: Partial<Record<CounterName, number>> = {};
    const moves = group.map((o) => transition(o, at, this.workerId));
    for (const m of moves) for (const [k, v] of Object.entries(m.counters) as [CounterName, number][]) counters[k] = (counters[k] ?? 0) + v;
    const day = senderDayUpdate(this.accountId, now, group);
    const window = bounceWindowAdd(
      this.accountId,
      group.map((o) => o.result),
    );
    const ops: TxOp[] = [
      ...moves.map((m, i) => ({ update: itemKey(this.taskId, group[i].contactId), spec: m.spec })),
      { update: Task.key({ taskId: this.taskId }), spec: { add: counterAdds(counters), condition: exists } },
      day,
      ...(window ? [window] : []),
    ];
    try {
      await costStep('send: outcome', () => table.transact(ops));
    } catch (e) {
      if (!(e instanceof ConditionFailed)) throw e;
      if (group.length === 1) return ['lost'];
      const one: Committed[] = [];
      for (const o of group) one.push((await this.write([o]))[0]);
      return one;
    }
    this.finals += moves.filter((m) => m.kind === 'final').length;
    if (window && !this.tripped)
      this.tripped = await costStep('send: bounce check', () => checkBounceWindow(this.deps, this.tenantId, this.accountId, this.bounceGuard, this.taskId));
    return moves.map((m) => m.kind);
  }
}

/** The committers in use, per runtime (its Deps) and task, mailbox and worker: the batches of one task in this process share one. */
const shared = new WeakMap<Deps, Map<string, OutcomeCommitter>>();

/**
 * The committer of this task's batches in this process: concurrent batches (one queue message each)
 * write their answers in the same groups, so the task counters, the mailbox day row and the bounce
 * window are rewritten once per group of the task instead of once per group of each batch. `release`
 * when the batch has recorded its answers.
 */
export function shareOutcomeCommitter(deps: Deps, tenantId: string, taskId: string, accountId: string, workerId: string, guard: BounceGuard) {
  const byKey = shared.get(deps) ?? shared.set(deps, new Map()).get(deps)!;
  const key = `${tenantId}|${taskId}|${accountId}|${workerId}`;
  const committer = byKey.get(key) ?? byKey.set(key, new OutcomeCommitter(deps, tenantId, taskId, accountId, workerId, guard)).get(key)!;
  committer.useGuard(guard);
  if (committer.users++ === 0) committer.tripped = false; // a committer kept from before judges the mailbox afresh
  committer.sending++;
  let sending = true;
  /** This batch has no more answers to come: what is pending is written now unless another batch still sends (then the group fills, within the linger). */
  const sent = () => {
    if (sending) (committer.sending--, (sending = false));
    if (committer.sending === 0) committer.flush();
  };
  const release = () => {
    if (sending) (committer.sending--, (sending = false));
    committer.users--;
    if (committer.users === 0 && committer.idle && byKey.get(key) === committer) byKey.delete(key);
  };
  return { committer, sent, release };
}

/** An SMTP answer as an item transition: accepted → SENT, 5xx → BOUNCED, 4xx → QUEUED for a retry (FAILED after MAX_ATTEMPTS). */
function transition(o: Outcome, at: string, workerId: string): { spec: UpdateSpec; counters: Partial<Record<CounterName, number>>; kind: Committed } {
  const smtp = { outcome: o.result.outcome, code: o.result.code, response: o.result.response.slice(0, 500) };
  const condition = { expression: '#s = :sending AND workerId = :w', names: { '#s': 'status' }, values: { ':sending': 'SENDING', ':w': workerId } };
  const final = (status: string, extra: Record<string, unknown>, counters: Partial<Record<CounterName, number>>) => ({
    spec: { set: { status, smtp, updatedAt: at, ...extra }, remove: ['gsi2pk', 'gsi2sk', 'leaseUntil', 'workerId', 'dueAt'], condition },
    counters,
    kind: 'final' as const,
  });
  if (o.result.outcome === 'accepted') return final('SENT', { sentAt: at }, { sent: 1, queued: -1 });
  if (o.result.outcome === 'rejected') return final('BOUNCED', { reason: 'hard_bounce' }, { bounced: 1, queued: -1 });
  if (o.attempts >= MAX_ATTEMPTS) return final('FAILED', { reason: 'deferred_too_often' }, { failed: 1, queued: -1, deferred: 1 });
  return {
    spec: { set: { status: 'QUEUED', smtp, updatedAt: at }, remove: ['leaseUntil', 'workerId', 'smtpStartedAt'], condition },
    counters: { deferred: 1 },
    kind: 'deferred',
  };
}
