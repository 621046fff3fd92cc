import { costStep } from '../../platform/runtime/cost-step.js';
import type { BounceGuard, Committed, Outcome, RecordedOutcome, SendStore } from './port.js';
import { MAX_ATTEMPTS } from './settings.js';

export type { Committed, Outcome } from './port.js';

/** Outcomes per transaction: their items plus the task item and the mailbox day row (98 actions) stay within DynamoDB's 100. */
const GROUP_MAX = 96;
/**
 * A group is written once it is full, or LINGER_MS after its oldest answer, or at once when no
 * sharing batch has more to come (remote SMTP answers arrive ~0.1–0.3 s apart per connection; the
 * batches of one task in this process share the committer, so a busy task fills a group within the
 * linger).
 */
const LINGER_MS = 200;

/**
 * Group commit of a task's SMTP answers (the batches of the task in this process share one committer:
 * `shareOutcomeCommitter`). An answer waits at most LINGER_MS for others (less when GROUP_MAX answers
 * are pending, or when no sharing batch has more to come); answers that arrive while a write is in
 * flight wait for it and then for their own linger, so a write in flight never makes the next group
 * a tiny one (writing them at once, as before, made a busy task write groups of one to four answers
 * after each full one). Each write is one transaction: the items' transitions (each conditional on
 * this worker's lease), the task counters they move and the mailbox day row (relay health, the
 * deliverability matrix and the bounce guard's counters: shared/mailing/sending/bounce-guard.ts,
 * judged after the commit), so a crash never keeps a status without its count. The time an accepted
 * email waits for its record is the one window in which a crash can lead to a second copy (with the
 * same Message-ID: docs/sending.md): at most LINGER_MS (or the write in flight, when it is longer)
 * plus its own write, while a batch of 50 costs a few transactions instead of 50 (each of which would
 * rewrite the task counters and the day row: ~6 write units per email instead of ~2.2). A group
 * whose condition fails (one lease was lost to the sweep) is written again one by one.
 */
export class OutcomeCommitter {
  /** Items moved to a final state: the task may be complete. */
  finals = 0;
  /** The mailbox's bounce guard tripped (now or before): send nothing more through it. */
  tripped = false;
  private pending: { o: Outcome; at: number; seq: number; done: (c: Committed) => void; fail: (e: unknown) => void }[] = [];
  private writing = false;
  private timer: NodeJS.Timeout | undefined;
  /** Answers added so far, and the last of them that a flush asked to be written without lingering. */
  private added = 0;
  private flushedThrough = 0;

  constructor(
    private readonly store: SendStore,
    private readonly taskId: string,
    private readonly accountId: string,
    private readonly workerId: string,
    private bounceGuard: BounceGuard,
  ) {}

  /** Batches of this process using the committer now (`shareOutcomeCommitter`), and how many of them still send. */
  users = 0;
  sending = 0;

  add(o: Outcome): Promise<Committed> {
    return new Promise((done, fail) => {
      this.pending.push({ o, at: Date.now(), seq: ++this.added, done, fail });
      this.schedule();
    });
  }

  /** Writes what is pending now (no sharing batch has more answers to come); later answers linger as usual. */
  flush() {
    this.flushedThrough = this.added;
    this.schedule();
  }

  get idle() {
    return !this.writing && !this.pending.length;
  }

  /** A sharing batch may come with newer workspace settings. */
  useGuard(guard: BounceGuard) {
    this.bounceGuard = guard;
  }

  /** Due: a full group, the oldest answer's linger over, or answers a flush asked for. */
  private dueIn(): number {
    const oldest = this.pending[0];
    if (this.pending.length >= GROUP_MAX || oldest.seq <= this.flushedThrough) return 0;
    return Math.max(0, oldest.at + LINGER_MS - Date.now());
  }

  /** Writes the pending group when it is due, else waits until it is (nothing runs beside a write in flight: it re-schedules when done). */
  private schedule() {
    if (this.writing || !this.pending.length) return;
    const wait = this.dueIn();
    if (wait === 0) return void this.drain();
    this.timer ??= setTimeout(() => ((this.timer = undefined), this.schedule()), wait);
  }

  private async drain() {
    if (this.timer) (clearTimeout(this.timer), (this.timer = undefined));
    this.writing = true;
    try {
      while (this.pending.length && this.dueIn() === 0) {
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
    this.schedule();
  }

  private async write(group: Outcome[]): Promise<Committed[]> {
    const recorded: RecordedOutcome[] = group.map((o) => ({ o, kind: outcomeKind(o) }));
    const written = await this.store.commitOutcomes(this.taskId, this.accountId, this.workerId, recorded);
    if (written === 'lost') {
      if (group.length === 1) return ['lost'];
      const one: Committed[] = [];
      for (const o of group) one.push((await this.write([o]))[0]);
      return one;
    }
    this.finals += recorded.filter((r) => r.kind === 'final').length;
    if (written.window && !this.tripped)
      this.tripped = await costStep('send: bounce check', () => this.store.bounceTripped(this.accountId, this.bounceGuard, this.taskId));
    return recorded.map((r) => r.kind);
  }
}

/** The committers in use, per store (one per runtime and tenant) and task, mailbox and worker: the batches of one task in this process share one. */
const shared = new WeakMap<SendStore, Map<string, OutcomeCommitter>>();

/**
 * The committer of this task's batches in this process: concurrent batches (one queue message each)
 * write their answers in the same groups, so the task counters, the mailbox day row and the bounce
 * window are rewritten once per group of the task instead of once per group of each batch. `release`
 * when the batch has recorded its answers.
 */
export function shareOutcomeCommitter(store: SendStore, taskId: string, accountId: string, workerId: string, guard: BounceGuard) {
  const byKey = shared.get(store) ?? shared.set(store, new Map()).get(store)!;
  const key = `${taskId}|${accountId}|${workerId}`;
  const committer = byKey.get(key) ?? byKey.set(key, new OutcomeCommitter(store, taskId, accountId, workerId, guard)).get(key)!;
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

/** An SMTP answer as an item transition: accepted and 5xx are final (SENT, BOUNCED), 4xx goes back to QUEUED for a retry (final, FAILED, after MAX_ATTEMPTS). */
export const outcomeKind = (o: Outcome): RecordedOutcome['kind'] =>
  o.result.outcome === 'accepted' || o.result.outcome === 'rejected' || o.attempts >= MAX_ATTEMPTS ? 'final' : 'deferred';
