import { newId } from '../../platform/data/ids.js';
import { ConditionFailed, exists, notExists, type Item, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { costStep } from '../../platform/runtime/cost-step.js';
import { SendBuildChunk, SendItem, Task, type SkipReason } from '../tasks/entities.js';
import { counterAdds } from '../tasks/tasks.js';
import { pad } from './items.js';
import { enqueueSends } from './queue.js';

/**
 * A build chunk's items as single writes (1 write unit each) and its counters exactly once, without
 * putting the items in the counters' transaction (2 units each):
 *
 * 1. one transaction puts the chunk's record (its contact ids and, per id, Q or S: counted as queued
 *    or skipped) and adds those counters to the task, unless the task is already built;
 * 2. `writeEach` inserts the items (refused when one exists), each marked `chunk: <chunkId>.<Q|S>`;
 * 3. the QUEUED items marked with this chunk are enqueued, and the record is deleted.
 *
 * After step 2 every id of the chunk has an item, and its mark says which chunk wrote it. The counters
 * of the record hold exactly when every id carries this chunk's mark as counted; otherwise (another
 * build wrote some of them first, or a finisher re-screened a member differently) the difference
 * goes to the task in one transaction with the record's delete, conditional on the record, so it is
 * applied once. The difference is a function of the items alone, so whoever finishes a chunk (its
 * builder, a duplicate build message, a rebuild after a crash at any point) computes the same.
 */

export interface Verdict {
  contactId: string;
  email: string | null;
  reason?: SkipReason;
}

/** The stored record: `ids[k]` was counted as queued when `counted[k]` is Q, as skipped when S. */
export interface PendingChunk {
  taskId: string;
  chunkId: string;
  ids: string[];
  counted: string;
}

type Tally = { total: number; queued: number; skipped: number };

const STEP = 'build: items + counters';
const markOf = (chunkId: string, queued: boolean) => `${chunkId}.${queued ? 'Q' : 'S'}`;

/**
 * Counts, writes and finishes one chunk of members screened now. false when the task was built
 * meanwhile (a duplicate build message finished it) or is gone: then nothing was counted or written.
 */
export async function commitChunk(deps: Deps, table: TableStore, tenantId: string, taskId: string, verdicts: Verdict[]): Promise<boolean> {
  const chunk: PendingChunk = {
    taskId,
    chunkId: newId(deps.clock.now()),
    ids: verdicts.map((v) => v.contactId),
    counted: verdicts.map((v) => (v.reason ? 'S' : 'Q')).join(''),
  };
  const queued = chunk.counted.split('Q').length - 1;
  try {
    await costStep(STEP, () =>
      table.transact([
        { put: SendBuildChunk.item({ taskId, chunkId: chunk.chunkId }, chunk as unknown as Item), condition: notExists },
        {
          update: Task.key({ taskId }),
          // Never after `built`: the build that set it finished every chunk counted before (finishPendingChunks).
          spec: {
            add: counterAdds({ total: chunk.ids.length, queued, skipped: chunk.ids.length - queued }),
            condition: { expression: 'attribute_exists(pk) AND (attribute_not_exists(built) OR built = :no)', values: { ':no': false } },
          },
        },
      ]),
    );
  } catch (e) {
    if (e instanceof ConditionFailed) return false;
    throw e;
  }
  await finishChunk(deps, table, tenantId, chunk, verdicts, new Map());
  return true;
}

/**
 * Finishes every chunk of the task still recorded as pending: a crashed build's, or one a duplicate
 * build message is writing right now (finishing it too is harmless: each item is inserted once, and
 * the correction is applied once). Members without an item are screened again (`screen`) and written.
 */
export async function finishPendingChunks(
  deps: Deps,
  table: TableStore,
  tenantId: string,
  taskId: string,
  screen: (contactIds: string[]) => Promise<Verdict[]>,
) {
  for (let cursor: string | undefined, page = 0; page < 100; page++) {
    const found = await table.query<PendingChunk>({ ...SendBuildChunk.query('primary', { taskId }), limit: 25, cursor });
    for (const chunk of found.items) {
      const existing = await table.batchGet<{ contactId: string; chunk?: string }>(chunk.ids.map((contactId) => SendItem.key({ taskId, contactId })));
      const marks = new Map(existing.map((it) => [it.contactId, it.chunk]));
      const missing = chunk.ids.filter((id) => !marks.has(id));
      await finishChunk(deps, table, tenantId, chunk, missing.length ? await screen(missing) : [], marks);
    }
    cursor = found.cursor;
    if (!cursor) break;
  }
}

/**
 * Writes `toWrite` (members of the chunk without an item, as screened), enqueues the chunk's QUEUED
 * items, corrects the counters and deletes the record. `marks`: the chunk marks of items known to exist.
 */
async function finishChunk(deps: Deps, table: TableStore, tenantId: string, chunk: PendingChunk, toWrite: Verdict[], marks: Map<string, string | undefined>) {
  const { taskId, chunkId } = chunk;
  const now = deps.clock.now();
  const done = await costStep(STEP, () => table.writeEach(toWrite.map((v) => ({ insert: itemOf(taskId, chunkId, v, now) }))));
  const refused: string[] = [];
  toWrite.forEach((v, k) => (done[k] ? marks.set(v.contactId, markOf(chunkId, !v.reason)) : refused.push(v.contactId)));
  // Refused: someone wrote the item first (another chunk, or another finisher of this one): its mark says who.
  if (refused.length)
    for (const it of await table.batchGet<{ contactId: string; chunk?: string }>(refused.map((contactId) => SendItem.key({ taskId, contactId }))))
      marks.set(it.contactId, it.chunk);
  const { adds, queued } = correction(chunk, marks);
  await costStep('build: queue', () => enqueueSends(deps, tenantId, taskId, queued));
  const key = SendBuildChunk.key({ taskId, chunkId });
  if (!adds.total && !adds.queued && !adds.skipped) return void (await costStep(STEP, () => table.delete(key)));
  try {
    await costStep(STEP, () =>
      table.transact([
        { delete: key, condition: exists },
        { update: Task.key({ taskId }), spec: { add: counterAdds(adds), condition: exists } },
      ]),
    );
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e; // another finisher of this chunk applied the same correction
  }
}

/** What the record counted against what its items say (every id of the chunk has an item by now), and the chunk's QUEUED items. */
function correction(chunk: PendingChunk, marks: Map<string, string | undefined>) {
  const adds: Tally = { total: 0, queued: 0, skipped: 0 };
  const queued: string[] = [];
  chunk.ids.forEach((id, k) => {
    const was = chunk.counted[k] === 'Q' ? 'queued' : 'skipped';
    const mark = marks.get(id);
    if (mark?.startsWith(`${chunk.chunkId}.`)) {
      const is = mark.endsWith('.Q') ? 'queued' : 'skipped';
      if (is === 'queued') queued.push(id);
      if (is !== was) (adds[is]++, adds[was]--);
    } else (adds.total--, adds[was]--); // written, and counted, by another chunk
  });
  return { adds, queued };
}

function itemOf(taskId: string, chunkId: string, v: Verdict, now: number): Item {
  const at = new Date(now).toISOString();
  const common = { taskId, contactId: v.contactId, email: v.email, attempts: 0, chunk: markOf(chunkId, !v.reason), createdAt: at, updatedAt: at };
  return v.reason
    ? SendItem.item({ taskId, contactId: v.contactId }, { ...common, status: 'SKIPPED', reason: v.reason })
    : SendItem.item({ taskId, contactId: v.contactId, dueAt: pad(now) }, { ...common, status: 'QUEUED', dueAt: now });
}
