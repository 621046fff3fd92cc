import { describeError } from '../api/errors';

/** What a bulk run over many items did: how many succeeded, and why each failed one failed. */
export interface BulkOutcome {
  succeeded: number;
  failed: { id: string; reason: string }[];
}

/**
 * Runs `task` for every id with at most `limit` calls in flight (a bulk action where the API has no
 * bulk operation: the browser must not open hundreds of requests at once), and collects every outcome
 * instead of stopping at the first failure.
 */
export async function runBounded(ids: readonly string[], limit: number, task: (id: string) => Promise<unknown>, action?: string): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { succeeded: 0, failed: [] };
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++];
      try {
        await task(id);
        outcome.succeeded++;
      } catch (e) {
        outcome.failed.push({ id, reason: describeError(e, action) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, ids.length)) }, worker));
  return outcome;
}

/** "Deleted 3 companies." / "Deleted 2 companies; 1 failed: <reason>." */
export function outcomeInWords(verb: string, outcome: BulkOutcome, one: string, many: string): string {
  const n = outcome.succeeded;
  const done = `${verb} ${n} ${n === 1 ? one : many}`;
  if (!outcome.failed.length) return `${done}.`;
  const reasons = [...new Set(outcome.failed.map((f) => f.reason))].join(' ');
  return `${done}; ${outcome.failed.length} failed: ${reasons}`;
}
