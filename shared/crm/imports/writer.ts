import { isAppError } from '../../platform/errors.js';
import { randomUUID } from 'node:crypto';
import { ConditionFailed, type Condition, type Item, type TableStore } from '../../platform/ports/table-store.js';
import type { AnchorKind } from './dependents.js';
import { ImportJournal } from './entities.js';

/** Runs `fn` over items with at most `n` in flight. */
export async function pool<T>(items: T[], n: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

/** Unconditional items (no uniqueness involved): BatchWrite, 25 per request, several requests in flight. */
export async function batchPutAll(table: TableStore, items: Item[], concurrency = 8) {
  const chunks: Item[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  await pool(chunks, concurrency, (chunk) => table.batchPut(chunk));
}

export async function retryConflicts<T>(fn: () => Promise<T>, attempts = 6): Promise<T> {
  for (let a = 0; ; a++) {
    try {
      return await fn();
    } catch (e) {
      // Transaction conflicts, and DynamoDB's retryable 500 (DynamoDB Local: a lock wait timed out under load).
      const name = (e as { name?: string })?.name;
      if ((name !== 'TransactionCanceledException' && name !== 'InternalServerError') || a >= attempts) throw e;
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 30 * (a + 1)));
    }
  }
}

/**
 * One unit of an import: an anchor (company or contact) with its uniqueness markers, committed by one
 * transaction, and the items derived from it (no condition) written after it by BatchWriteItem.
 */
export interface WriteGroup {
  /** The markers (with their conditions) and the anchor item they name: all or nothing. */
  puts: { put: Item; condition?: Condition }[];
  /** The anchor, when `after` is not empty: the call's journal names it so a recovery pass can re-derive `after`. */
  anchor?: { kind: AnchorKind; id: string; spare?: string };
  /** Items derived from the anchor (dependents.ts), written after the transaction commits. */
  after?: Item[];
  /**
   * puts[index]'s condition failed (a marker someone else holds): the group to write instead, or
   * undefined to drop it. Called at most a bounded number of times per group.
   */
  onConflict(index: number): Promise<WriteGroup | undefined>;
}

/**
 * Items per transaction (DynamoDB allows 100): 25 holds fewer locks per call (DynamoDB Local times a
 * lock wait out under load) at the same items/s; a group never spans two transactions.
 */
export const TX_ITEMS = 25;

/** BatchWriteItem calls of derived items in flight beside the transactions. */
const BATCH_LANE = 4;

/** At most `n` calls of the returned runner in flight; the others wait their turn. */
function limiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active < n) active++;
    else await new Promise<void>((r) => waiting.push(r));
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/** Anchors per journal item: ~30 characters each, well inside an item's 400 KB. */
const JOURNAL_ANCHORS = 5_000;

/**
 * Writes groups packed into transactions: a group's markers and anchor commit together or not at all,
 * so a crash (kill -9, Lambda timeout) never leaves a marker naming an item that was not written. The
 * derived items of each committed transaction follow by BatchWriteItem (1 write unit each in AWS
 * instead of 2 in a transaction), in a lane of their own beside the transactions. Before the first transaction a journal item names every anchor of the call; it is
 * deleted once all derived items are written, so a crash in between leaves it and `recoverImports`
 * re-derives the missing items at once (an anchor the journal names but no transaction committed is
 * simply absent). Two writes per call instead of one per group. A failed condition names one item:
 * its group is resolved by `onConflict` and the pack retried (the other groups of the pack were not
 * written either). Returns how many items were written.
 */
export async function writeGroups(table: TableStore, groups: WriteGroup[], concurrency = 4): Promise<number> {
  const packs: WriteGroup[][] = [];
  let size = Infinity;
  for (const g of groups) {
    if (g.puts.length > TX_ITEMS) throw new Error(`write group of ${g.puts.length} items exceeds one transaction`);
    if (size + g.puts.length > TX_ITEMS) (packs.push([]), (size = 0));
    packs[packs.length - 1].push(g);
    size += g.puts.length;
  }
  // An anchor's spare id is journalled beside its id: onConflict may move the anchor there.
  const anchors = groups.flatMap(({ after, anchor: a }) =>
    after?.length && a ? [a.id, ...(a.spare && a.spare !== a.id ? [a.spare] : [])].map((id) => `${a.kind}:${id}`) : [],
  );
  const journals = Array.from({ length: Math.ceil(anchors.length / JOURNAL_ANCHORS) }, (_, i) =>
    ImportJournal.item({ journalId: randomUUID() }, { anchors: anchors.slice(i * JOURNAL_ANCHORS, (i + 1) * JOURNAL_ANCHORS) }),
  );
  for (const j of journals) await table.put(j);
  let written = journals.length;
  // Derived items go to their own lane of BatchWriteItem calls, so the transactions go on meanwhile;
  // the journal is deleted only after every one of them landed.
  const lane = limiter(BATCH_LANE);
  const landed: Promise<void>[] = [];
  let failed: unknown;
  await pool(packs, concurrency, async (initial) => {
    let pack = initial.filter((g) => g.puts.length);
    // Each round either commits or resolves one group's conflict: bounded by the conflicts a pack can have.
    for (let round = 0; pack.length && round <= initial.length * 4 + 4; round++) {
      const ops = pack.flatMap((g) => g.puts.map(({ put, condition }) => ({ put, ...(condition ? { condition } : {}) })));
      try {
        await retryConflicts(() => table.transact(ops));
      } catch (e) {
        if (!(e instanceof ConditionFailed) || e.index === undefined) throw e;
        let at = e.index;
        const i = pack.findIndex((g) => (at < g.puts.length ? true : ((at -= g.puts.length), false)));
        const replacement = await pack[i].onConflict(at);
        pack = [...pack.slice(0, i), ...(replacement && replacement.puts.length ? [replacement] : []), ...pack.slice(i + 1)];
        continue;
      }
      const after = pack.flatMap((g) => g.after ?? []);
      for (let i = 0; i < after.length; i += 25) {
        const chunk = after.slice(i, i + 25);
        landed.push(lane(() => table.batchPut(chunk)).catch((e) => void (failed ??= e)));
      }
      written += ops.length + after.length;
      return;
    }
    if (pack.length) throw new Error('import write did not settle');
  }).finally(() => Promise.all(landed));
  await Promise.all(landed);
  if (failed) throw failed; // the journal stays: the recovery pass writes what is missing
  for (const j of journals) await table.delete({ pk: j.pk as string, sk: j.sk as string });
  return written + journals.length;
}

/**
 * Applies merges (duplicates folded into existing objects, update mode) with `update`; an update that
 * fails with a client error turns its rows into errors and skips instead of failing the import.
 */
export async function applyMerges<M extends { rows: number[] }>(
  merges: Iterable<[string, M]>,
  update: (id: string, m: M) => Promise<number>,
  kind: string,
  errors: { index: number; reason: string }[],
  outcomes: { index: number; outcome: string }[],
) {
  const updatedIds: string[] = [];
  let cfValuesSet = 0;
  await pool([...merges], 8, async ([id, m]) => {
    try {
      cfValuesSet += await update(id, m);
      updatedIds.push(id);
    } catch (e) {
      if (!isAppError(e)) throw e;
      for (const index of m.rows)
        errors.push({ index, reason: `update of ${kind} ${id} failed: ${JSON.stringify((e.body as { message?: unknown })?.message ?? e.status)}` });
      for (const o of outcomes) if (m.rows.includes(o.index)) o.outcome = 'skip';
    }
  });
  return { updatedIds, cfValuesSet };
}
