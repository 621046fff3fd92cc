import { randomBytes } from 'node:crypto';
import { newId } from '../../shared/platform/data/ids.js';
import type { Clock } from '../../shared/platform/ports/clock.js';
import { log } from '../../shared/platform/runtime/logger.js';
import type { QueueMessage, WorkQueue } from '../../shared/platform/ports/queue.js';
import { ConditionFailed, type TableStore } from '../../shared/platform/ports/table-store.js';

/**
 * The embedded runtime's stand-in for SQS: messages are items in the platform table, so they survive
 * a restart. A message is visible when its `visibleAt` (on gsi1, by deps.clock) has passed; receiving
 * it leases it for `visibilityMs` (a conditional update, so two consumers never hold one lease);
 * acknowledging deletes it. A consumer that dies mid-flight just lets the lease run out and the message
 * is received again (at-least-once, like SQS: handlers are idempotent). After `maxReceives` receives
 * the message moves to the queue's dead-letter partition. A lease names the runtime instance that took
 * it (`<owner>.<random>`), so a restarted runtime can tell the messages its dead predecessor held
 * (`reclaimOnStart`).
 */
export const LocalQueueKeys = {
  message: (queue: string, id: string) => ({ pk: `LQ#${queue}`, sk: `MSG#${id}` }),
  ready: (queue: string, visibleAt: number, id: string) => ({ gsi1pk: `LQ#${queue}#READY`, gsi1sk: `${pad(visibleAt)}#${id}` }),
  dead: (queue: string, id: string) => ({ pk: `LQ#${queue}#DLQ`, sk: `MSG#${id}` }),
};
/** The longest pause between failing receives of one consumer. */
const MAX_ERROR_PAUSE_MS = 30_000;
const pad = (ms: number) => String(Math.max(0, Math.floor(ms))).padStart(15, '0');

interface StoredMessage {
  pk: string;
  sk: string;
  gsi1sk: string;
  id: string;
  queue: string;
  body: unknown;
  receiveCount: number;
  lease?: string;
}

export interface Leased<T = unknown> extends QueueMessage<T> {
  queue: string;
  lease: string;
}

export interface ConsumeOptions {
  concurrency?: number;
  /** Real-time pause after the first empty poll (ms); it doubles on each further empty poll. */
  pollMs?: number;
  /** The longest pause between empty polls (ms). A send to this queue in this process wakes the consumer at once. */
  maxIdleMs?: number;
  /** Lease length on the clock (ms); longer than the slowest handler. */
  visibilityMs?: number;
  maxReceives?: number;
  /**
   * Before the first receive, take back what a previous runtime instance held (`reclaimInFlight`).
   * Only for handlers that also take over that instance's own records (the send worker's item
   * leases): a handler that skips work still leased in its store would drop the message instead.
   */
  reclaimOnStart?: boolean;
}

export class LocalWorkQueue implements WorkQueue {
  /** Per queue: the consumers to wake when a message is sent to it in this process. */
  private wakers = new Map<string, Set<() => void>>();

  constructor(
    private readonly table: TableStore,
    private readonly clock: Clock,
    /** This runtime instance (deps.localInstanceId): the prefix of the leases it takes. */
    private readonly owner = 'local',
  ) {}

  async send(queue: string, body: unknown, options: { delaySeconds?: number; dedupeId?: string } = {}) {
    const now = this.clock.now();
    const id = options.dedupeId ? `d-${options.dedupeId}` : newId(now);
    const visibleAt = now + Math.max(0, options.delaySeconds ?? 0) * 1000;
    try {
      await this.table.put(
        { ...LocalQueueKeys.message(queue, id), ...LocalQueueKeys.ready(queue, visibleAt, id), id, queue, body, receiveCount: 0, sentAt: now },
        options.dedupeId ? { expression: 'attribute_not_exists(pk)' } : undefined,
      );
    } catch (e) {
      if (!(e instanceof ConditionFailed)) throw e; // a pending message with this dedupe id exists
    }
    for (const wake of this.wakers.get(queue) ?? []) wake();
  }

  /** Leases up to `max` visible messages. */
  async receive(queue: string, max: number, visibilityMs: number): Promise<Leased[]> {
    const now = this.clock.now();
    const page = await this.table.query<StoredMessage>({ index: 'gsi1', pk: `LQ#${queue}#READY`, skLessThan: `${pad(now)}#~`, limit: max });
    // Leases are taken in parallel; each is a conditional update, so a message goes to one consumer only.
    const taken = await Promise.all(
      page.items.map(async (m): Promise<Leased | undefined> => {
        const lease = `${this.owner}.${randomBytes(8).toString('hex')}`;
        try {
          const after = await this.table.update<StoredMessage>(LocalQueueKeys.message(queue, m.id), {
            set: { ...LocalQueueKeys.ready(queue, now + visibilityMs, m.id), lease },
            add: { receiveCount: 1 },
            condition: { expression: 'gsi1sk = :seen', values: { ':seen': m.gsi1sk } },
          });
          return { id: m.id, queue, body: after.body, attempt: after.receiveCount, lease };
        } catch (e) {
          if (e instanceof ConditionFailed) return undefined; // another consumer took it first
          throw e;
        }
      }),
    );
    const leased = taken.filter((m): m is Leased => m !== undefined);
    return leased;
  }

  async ack(m: Leased) {
    await this.table.delete(LocalQueueKeys.message(m.queue, m.id), { expression: 'lease = :l', values: { ':l': m.lease } }).catch((e) => {
      if (!(e instanceof ConditionFailed)) throw e;
    });
  }

  /** Makes a message visible again after `delayMs` (a failed handler: SQS would wait out the lease). */
  async release(m: Leased, delayMs: number) {
    await this.table
      .update(LocalQueueKeys.message(m.queue, m.id), {
        set: LocalQueueKeys.ready(m.queue, this.clock.now() + delayMs, m.id),
        remove: ['lease'], // waiting out a backoff, not in anyone's hands
        condition: { expression: 'lease = :l', values: { ':l': m.lease } },
      })
      .catch((e) => {
        if (!(e instanceof ConditionFailed)) throw e;
      });
  }

  async deadLetter(m: Leased) {
    await this.table
      .transact([
        { put: { ...LocalQueueKeys.dead(m.queue, m.id), id: m.id, queue: m.queue, body: m.body as never, receiveCount: m.attempt, deadAt: this.clock.now() } },
        { delete: LocalQueueKeys.message(m.queue, m.id), condition: { expression: 'lease = :l', values: { ':l': m.lease } } },
      ])
      .catch((e) => {
        if (!(e instanceof ConditionFailed)) throw e;
      });
  }

  /**
   * Messages another runtime instance had received and not finished (leased, not yet visible again)
   * become visible now: that instance is gone (one runtime per set of tables), so its leases would only
   * make them wait out `visibilityMs`. Bounded pages; answers how many were reclaimed.
   */
  async reclaimInFlight(queue: string): Promise<number> {
    const now = this.clock.now();
    let reclaimed = 0;
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const out = await this.table.query<StoredMessage>({
        index: 'gsi1',
        pk: `LQ#${queue}#READY`,
        skGreaterThan: `${pad(now)}#~`,
        limit: 1000,
        cursor,
        filter: { expression: 'attribute_exists(lease) AND NOT begins_with(lease, :mine)', values: { ':mine': `${this.owner}.` } },
      });
      for (const m of out.items) {
        try {
          await this.table.update(LocalQueueKeys.message(queue, m.id), {
            set: LocalQueueKeys.ready(queue, now, m.id),
            remove: ['lease'],
            condition: { expression: 'lease = :l', values: { ':l': m.lease } },
          });
          reclaimed++;
        } catch (e) {
          if (!(e instanceof ConditionFailed)) throw e;
        }
      }
      if (!(cursor = out.cursor)) break;
    }
    return reclaimed;
  }

  /** Wakes every consumer at once (the store is back after an outage: no need to wait out their back-off). */
  wakeAll() {
    for (const wakers of this.wakers.values()) for (const wake of wakers) wake();
  }

  /** Runs `handler` for every message of `queue` until stopped: the local equivalent of an SQS event source. */
  consume(queue: string, handler: (m: QueueMessage) => Promise<void>, opts: ConsumeOptions = {}) {
    const concurrency = opts.concurrency ?? 8;
    const visibilityMs = opts.visibilityMs ?? 60_000;
    const maxReceives = opts.maxReceives ?? 5;
    const inFlight = new Set<Promise<void>>();
    let stopped = false;
    let wake: (() => void) | undefined;
    // A wake that comes while the loop is not sleeping (mid-receive: the query may have missed the
    // new message) is kept, so the next pause is skipped instead of lost.
    let nudged = false;
    const waker = () => (wake ? wake() : (nudged = true));
    const wakers = this.wakers.get(queue) ?? this.wakers.set(queue, new Set()).get(queue)!;
    wakers.add(waker);
    // An idle consumer backs off (pollMs doubling up to maxIdleMs): eight idle queues polling every
    // 100 ms were ~80 index queries a second on an idle runtime. Sends from this process wake it at
    // once; a delayed message (or one sent by another process) is picked up within maxIdleMs.
    const pollMs = opts.pollMs ?? 100;
    const maxIdleMs = Math.max(pollMs, opts.maxIdleMs ?? 1000);
    let idleMs = pollMs;
    /** Resolves true when woken (a send, a finished handler, stop), false when the pause ran out. */
    const sleep = (ms: number) =>
      nudged
        ? ((nudged = false), Promise.resolve(true))
        : new Promise<boolean>((r) => {
            const t = setTimeout(() => ((wake = undefined), r(false)), ms);
            wake = () => ((wake = undefined), clearTimeout(t), r(true));
          });
    const run = async (m: Leased) => {
      try {
        if (m.attempt > maxReceives) return await this.deadLetter(m);
        await handler(m);
        await this.ack(m);
      } catch (e) {
        log.warn('local queue handler failed', { queue, messageId: m.id, attempt: m.attempt, message: (e as Error).message });
        await this.release(m, Math.min(60_000, 1000 * 2 ** m.attempt)).catch(() => undefined);
      }
    };
    // While receives fail (the store is down or restarting) the pause doubles up to MAX_ERROR_PAUSE_MS, with
    // one warning per outage instead of one per poll; wakeAll() (the store is back) or a send ends the pause.
    let failedPolls = 0;
    let errorMs = pollMs;
    const loop = (async () => {
      if (opts.reclaimOnStart) {
        const n = await this.reclaimInFlight(queue).catch((e) => (log.warn('local queue reclaim failed', { queue, message: (e as Error).message }), 0));
        if (n) log.info('messages of a previous runtime instance taken back', { queue, reclaimed: n });
      }
      while (!stopped) {
        const free = concurrency - inFlight.size;
        let got: Leased[] = [];
        if (free > 0) {
          try {
            got = await this.receive(queue, free, visibilityMs);
            if (failedPolls) log.info('local queue receive recovered', { queue, failedPolls });
            failedPolls = 0;
            errorMs = pollMs;
          } catch (e) {
            if (!failedPolls++) log.warn('local queue receive failed; backing off until it answers', { queue, message: (e as Error).message });
            await sleep(errorMs);
            errorMs = Math.min(MAX_ERROR_PAUSE_MS, errorMs * 2);
            continue;
          }
        }
        for (const m of got) {
          const p = run(m).finally(() => (inFlight.delete(p), waker()));
          inFlight.add(p);
        }
        if (got.length) idleMs = pollMs;
        if (inFlight.size >= concurrency)
          await sleep(pollMs); // a finishing handler wakes it
        else if (!got.length) {
          const woken = await sleep(idleMs);
          idleMs = woken ? pollMs : Math.min(maxIdleMs, idleMs * 2);
        }
      }
    })();
    return {
      stop: async () => {
        stopped = true;
        waker();
        wakers.delete(waker);
        await loop;
        await Promise.allSettled([...inFlight]);
      },
    };
  }
}
