import { ConditionFailed, notExists, type Condition, type Item, type TableStore } from '../ports/table-store.js';

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

/**
 * Claims marker items: one conditional write per claim (a transaction when a claim has several
 * markers, so they are taken together or not at all). Returns, per claim, whether it won; a lost
 * claim's `failed` names the marker that was taken.
 */
export async function claimMarkers(table: TableStore, claims: { items: Item[]; conditions?: (Condition | undefined)[] }[], concurrency = 16) {
  const out: { won: boolean; failed?: number }[] = new Array(claims.length);
  await pool(claims, concurrency, async (claim, i) => {
    const cond = (j: number) => claim.conditions?.[j] ?? notExists;
    try {
      if (claim.items.length === 1) await table.put(claim.items[0], cond(0));
      else await retryConflicts(() => table.transact(claim.items.map((put, j) => ({ put, condition: cond(j) }))));
      out[i] = { won: true };
    } catch (e) {
      if (!(e instanceof ConditionFailed)) throw e;
      out[i] = { won: false, failed: e.index ?? 0 };
    }
  });
  return out;
}

export async function retryConflicts<T>(fn: () => Promise<T>, attempts = 6): Promise<T> {
  for (let a = 0; ; a++) {
    try {
      return await fn();
    } catch (e) {
      if ((e as { name?: string })?.name !== 'TransactionCanceledException' || a >= attempts) throw e;
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 30 * (a + 1)));
    }
  }
}
