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
 * Claims marker items. Claims are grouped into transactions of up to 100 items (few round trips; the
 * caller has already dropped values a read showed taken, so a group rarely fails); a group that fails
 * is retried claim by claim: one conditional write per claim (a transaction when a claim has several
 * markers, so they are taken together or not at all). Returns, per claim, whether it won; a lost
 * claim's `failed` is the index of the marker that was taken.
 */
export async function claimMarkers(table: TableStore, claims: { items: Item[]; conditions?: (Condition | undefined)[] }[], concurrency = 4) {
  const out: { won: boolean; failed?: number }[] = new Array(claims.length);
  const cond = (c: (typeof claims)[number], j: number) => c.conditions?.[j] ?? notExists;
  const groups: number[][] = [];
  let size = 0;
  claims.forEach((c, i) => {
    if (!groups.length || size + c.items.length > 100) groups.push([]), (size = 0);
    groups[groups.length - 1].push(i);
    size += c.items.length;
  });
  const one = async (i: number) => {
    const claim = claims[i];
    try {
      if (claim.items.length === 1) await table.put(claim.items[0], cond(claim, 0));
      else await retryConflicts(() => table.transact(claim.items.map((put, j) => ({ put, condition: cond(claim, j) }))));
      out[i] = { won: true };
    } catch (e) {
      if (!(e instanceof ConditionFailed)) throw e;
      out[i] = { won: false, failed: e.index ?? 0 };
    }
  };
  await pool(groups, concurrency, async (group) => {
    try {
      await retryConflicts(() => table.transact(group.flatMap((i) => claims[i].items.map((put, j) => ({ put, condition: cond(claims[i], j) })))));
      for (const i of group) out[i] = { won: true };
    } catch (e) {
      if (!(e instanceof ConditionFailed) && (e as { name?: string })?.name !== 'TransactionCanceledException') throw e;
      for (const i of group) await one(i);
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
