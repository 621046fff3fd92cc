import { StoreUnavailable } from '../../ports/table-store.js';

/**
 * BatchGetItem / BatchWriteItem may answer with part of the request unprocessed (throttling, size
 * limits). The remainder is sent again after an exponential backoff with full jitter (AWS's advice:
 * sleep = random(0, min(cap, base * 2^attempt))), bounded both in attempts and in total time; what is
 * still unprocessed then is an error, never silently dropped.
 */
export interface BatchRetryPolicy {
  /** Requests in all, the first one included. */
  maxAttempts: number;
  baseMs: number;
  capMs: number;
  /** No further attempt starts once this much time has passed since the first. */
  maxTotalMs: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export const BATCH_RETRY: BatchRetryPolicy = { maxAttempts: 10, baseMs: 25, capMs: 2_000, maxTotalMs: 20_000 };

/** Items left unprocessed after every retry: the table is over its throughput, so callers see a throttled store (503). */
export class BatchIncompleteError extends StoreUnavailable {
  override readonly name = 'BatchIncompleteError';
  constructor(
    readonly operation: 'batchGet' | 'batchPut',
    readonly tableName: string,
    readonly unprocessed: number,
    readonly attempts: number,
  ) {
    super('throttled', { message: `DynamoDB ${operation} on ${tableName}: ${unprocessed} item(s) still unprocessed after ${attempts} attempt(s)` });
  }
}

/**
 * Sends `request`, then whatever `send` reports as unprocessed, until nothing is left. `send` returns
 * the unprocessed remainder (undefined or empty = done) and `count` sizes it for the error.
 */
export async function sendUntilProcessed<R>(
  request: R,
  send: (request: R) => Promise<R | undefined>,
  count: (request: R) => number,
  label: { operation: 'batchGet' | 'batchPut'; tableName: string },
  policy: BatchRetryPolicy = BATCH_RETRY,
): Promise<void> {
  const sleep = policy.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = policy.random ?? Math.random;
  const now = policy.now ?? Date.now;
  const started = now();
  let pending: R | undefined = request;
  let attempts = 0;
  while (pending !== undefined && count(pending) > 0) {
    if (attempts > 0) {
      if (attempts >= policy.maxAttempts || now() - started >= policy.maxTotalMs) {
        throw new BatchIncompleteError(label.operation, label.tableName, count(pending), attempts);
      }
      await sleep(random() * Math.min(policy.capMs, policy.baseMs * 2 ** (attempts - 1)));
    }
    attempts++;
    pending = await send(pending);
  }
}
