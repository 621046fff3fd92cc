import { ConditionFailed, type TableStore } from '../ports/table-store.js';
import type { Clock } from '../ports/clock.js';
import { tooManyRequests } from '../errors.js';

/**
 * Rate-limit counters kept in the platform table, so they hold across Lambda instances.
 * Both algorithms use optimistic concurrency on a `version` attribute instead of locks.
 */
export interface LimitDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

const key = (zone: string, id: string) => ({ pk: `RATE#${zone}#${id}`, sk: 'RATE' });
const MAX_RACES = 12;

type Counter = { hits?: number[]; tokens?: number; ts?: number; version?: number };

async function withRetries(fn: () => Promise<LimitDecision | null>): Promise<LimitDecision> {
  for (let i = 0; i < MAX_RACES; i++) {
    const decision = await fn();
    if (decision) return decision;
    await new Promise((r) => setTimeout(r, Math.random() * 5 * (i + 1)));
  }
  // Lost every race: the zone is under heavy contention, which itself means "slow down".
  return { allowed: false, retryAfterSeconds: 1 };
}

async function writeVersioned(table: TableStore, zone: string, id: string, version: number, fields: Record<string, unknown>) {
  try {
    await table.put(
      { ...key(zone, id), ...fields, version: version + 1 },
      version === 0
        ? { expression: 'attribute_not_exists(pk)' }
        : { expression: '#version = :version', names: { '#version': 'version' }, values: { ':version': version } },
    );
    return true;
  } catch (e) {
    if (e instanceof ConditionFailed) return false;
    throw e;
  }
}

/** Exact sliding window: at most `limit` hits in any `windowMs`. */
export function slidingWindow(table: TableStore, clock: Clock, zone: string, id: string, limit: number, windowMs: number) {
  return withRetries(async () => {
    const now = clock.now();
    const item = await table.get<Counter>(key(zone, id));
    const hits = (item?.hits ?? []).filter((t) => t > now - windowMs).sort((a, b) => a - b);
    if (hits.length >= limit) return { allowed: false, retryAfterSeconds: (hits[hits.length - limit] + windowMs - now) / 1000 };
    const ok = await writeVersioned(table, zone, id, item?.version ?? 0, { hits: [...hits, now], ttl: Math.ceil((now + windowMs) / 1000) + 60 });
    return ok ? { allowed: true, retryAfterSeconds: 0 } : null;
  });
}

/** Token bucket: `ratePerSecond` refill, `burst` capacity (nginx limit_req semantics). */
export function tokenBucket(table: TableStore, clock: Clock, zone: string, id: string, ratePerSecond: number, burst: number) {
  return withRetries(async () => {
    const now = clock.now();
    const item = await table.get<Counter>(key(zone, id));
    const elapsed = Math.max(0, now - (item?.ts ?? now)) / 1000;
    const tokens = Math.min(burst, (item?.tokens ?? burst) + elapsed * ratePerSecond);
    if (tokens < 1) return { allowed: false, retryAfterSeconds: (1 - tokens) / ratePerSecond };
    const ok = await writeVersioned(table, zone, id, item?.version ?? 0, {
      tokens: tokens - 1,
      ts: now,
      ttl: Math.ceil(now / 1000 + burst / ratePerSecond) + 60,
    });
    return ok ? { allowed: true, retryAfterSeconds: 0 } : null;
  });
}

/** At most `limit` hits per `windowMs`, else a 429 with `body` and Retry-After; `Infinity` switches it off (benchmarks). */
export async function enforceSlidingWindow(
  table: TableStore,
  clock: Clock,
  zone: string,
  id: string,
  limit: number,
  windowMs: number,
  body: Record<string, unknown>,
) {
  if (limit === Infinity) return;
  const d = await slidingWindow(table, clock, zone, id, limit, windowMs);
  if (!d.allowed) throw tooManyRequests(body, d.retryAfterSeconds);
}
