import { StoreUnavailable } from '../../ports/table-store.js';

/**
 * Which DynamoDB failures mean "the store cannot answer now" (StoreUnavailable: 503 with Retry-After
 * for clients, a back-off for workers) rather than a fault in the request or the code (500).
 * The SDK has already retried these (maxAttempts, client.ts) when they arrive here.
 */
const THROTTLED = new Set(['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded', 'LimitExceededException']);
const SERVICE_DOWN = new Set(['InternalServerError', 'InternalFailure', 'ServiceUnavailable', 'ServiceUnavailableException', 'TimeoutError', 'RequestTimeout']);
/** Socket-level failures: DynamoDB Local is not running (or restarting), or the network to DynamoDB failed. */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** Cancellation reasons of a transaction that was throttled rather than refused. */
const THROTTLED_REASONS = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded']);

type SdkError = {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
  $retryable?: { throttling?: boolean };
  CancellationReasons?: { Code?: string }[];
  errors?: unknown;
};

/**
 * DynamoDB Local's form of transaction contention: a 500 "timed out because it too long waiting for a
 * lock ... will succeed in actual DynamoDB API" when transactions on one item pile up (a loaded
 * machine). Callers retry it like a TransactionConflict, so it stays what it is.
 */
export const isLocalLockTimeout = (err: unknown) =>
  (err as SdkError)?.name === 'InternalServerError' && /waiting for a lock/i.test((err as SdkError).message ?? '');

/** The StoreUnavailable that `err` amounts to, or undefined when it is something else (kept as it is). */
export function outageOf(err: unknown): StoreUnavailable | undefined {
  if (err instanceof StoreUnavailable) return err;
  const e = (err ?? {}) as SdkError;
  if (isLocalLockTimeout(err)) return undefined;
  if (e.name === 'TransactionCanceledException') {
    const reasons = (e.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
    const throttled = reasons.some((r) => THROTTLED_REASONS.has(r)) && reasons.every((r) => r === 'None' || THROTTLED_REASONS.has(r));
    return throttled ? new StoreUnavailable('throttled', { cause: err }) : undefined;
  }
  if (THROTTLED.has(e.name ?? '') || e.$retryable?.throttling) return new StoreUnavailable('throttled', { cause: err });
  const network = NETWORK.has(e.code ?? '') || (Array.isArray(e.errors) && e.errors.some((x: SdkError) => NETWORK.has(x?.code ?? ''))); // AggregateError: every address tried
  if (SERVICE_DOWN.has(e.name ?? '') || network || (e.$metadata?.httpStatusCode ?? 0) >= 500) return new StoreUnavailable('unreachable', { cause: err });
  return undefined;
}

/** `.catch(rethrowOutage)` on a store call: an outage becomes StoreUnavailable (the SDK error its cause), anything else is thrown unchanged. */
export function rethrowOutage(err: unknown): never {
  throw outageOf(err) ?? err;
}
