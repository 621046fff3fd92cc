import { randomUUID } from 'node:crypto';
import { ConditionFailed, type TableStore } from '../../platform/ports/table-store.js';
import type { Clock } from '../../platform/ports/clock.js';
import { PageSlot } from './entities.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `pageConcurrency` (1-4): at most that many Chromium pages of one task at once, across every worker
 * (local workers or Lambda invocations). A page takes one of the task's slots SLOT#0..n-1 with a
 * conditional put (free, or its lease ran out) and deletes it when done (only if it still owns it).
 * Leases expire, so a worker killed mid-render never holds a slot for longer than `leaseMs`. The fetch
 * path is not gated: it is bounded per host by politeness, and Chromium pages are the expensive part.
 * A waiting worker polls with a growing, jittered pause; a holder keeps a slot at most one render
 * (bounded by the task's timeoutMs) or, if it died, until the lease runs out. The wait itself is
 * bounded by about two leases (the margin at most 5 s) of real time: past it the gate throws
 * PageSlotBusy and the page keeps what the fetch path found, instead of a worker waiting on a clock
 * that does not move.
 */
export class PageSlotBusy extends Error {
  constructor(taskId: string) {
    super(`no browser page slot of task ${taskId} came free in time`);
  }
}

export function pageGate(table: TableStore, clock: Clock, taskId: string, slots: number, leaseMs: number) {
  return async function withPage<T>(render: () => Promise<T>): Promise<T> {
    const owner = randomUUID();
    let slot: number | undefined;
    const giveUpAt = performance.now() + leaseMs + Math.min(5_000, leaseMs);
    for (let round = 0; slot === undefined; round++) {
      if (round > 0 && performance.now() > giveUpAt) throw new PageSlotBusy(taskId);
      for (let n = 0; n < slots && slot === undefined; n++) {
        const now = clock.now();
        try {
          await table.put(PageSlot.item({ taskId, slot: String(n) }, { taskId, owner, leaseUntil: now + leaseMs }), {
            expression: 'attribute_not_exists(pk) OR leaseUntil < :now',
            values: { ':now': now },
          });
          slot = n;
        } catch (e) {
          if (!(e instanceof ConditionFailed)) throw e;
        }
      }
      if (slot === undefined) await sleep(Math.min(250, 25 * (round + 1)) * (0.5 + Math.random()));
    }
    try {
      return await render();
    } finally {
      await table
        .delete(PageSlot.key({ taskId, slot: String(slot) }), { expression: '#o = :o', names: { '#o': 'owner' }, values: { ':o': owner } }) // OWNER is a DynamoDB reserved word
        .catch((e) => (e instanceof ConditionFailed ? undefined : Promise.reject(e)));
    }
  };
}
