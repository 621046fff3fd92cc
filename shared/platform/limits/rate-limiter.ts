import { ConditionFailed, type TableStore } from '../ports/table-store.js';
import type { Clock } from '../ports/clock.js';
import { tooManyRequests } from '../errors.js';

/**
 * Rate-limit counters kept in the platform table, so they hold across Lambda instances. The sliding
 * window uses optimistic concurrency on a `version` attribute; the token bucket a conditional update.
 */
export interface LimitDecision {
  allowed: boolean;
  retryAfterSeconds: number;
}

const key = (zone: string, id: string) => ({ pk: `RATE#${zone}#${id}`, sk: 'RATE' });
const MAX_RACES = 12;

type Counter = { hits?: number[]; version?: number };

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

/**
 * Token bucket: `ratePerSecond` refill, `burst` capacity (nginx limit_req semantics), kept as its
 * equivalent GCRA: one number per id, `tat` (the instant the bucket is full again, in ms). With
 * `interval = 1000 / rate`, a request at `now` is allowed iff `max(tat, now) - now <= (burst - 1) * interval`,
 * and then `tat := max(tat, now) + interval`; a refused one may retry after `tat - now - (burst - 1) * interval`
 * (exactly the refill time of the token bucket it replaces).
 *
 * The decision is one conditional UpdateItem, atomic on the item, so concurrent requests need no
 * read-modify-write race: one round trip and one write per allowed request. DynamoDB has no max(),
 * so the update is one of two: `tat <= now` (idle: `tat := now + interval`) or
 * `now < tat <= now + slack` (busy: `tat += interval`). This process remembers each id's last `tat` to
 * pick the right one (also across instances it can only have grown since, so a remembered refusal is
 * confirmed by one read, with no write); a wrong guess fails its condition and one read says which case holds.
 */
export async function tokenBucket(table: TableStore, clock: Clock, zone: string, id: string, ratePerSecond: number, burst: number): Promise<LimitDecision> {
  const interval = 1000 / ratePerSecond;
  const slack = (burst - 1) * interval;
  const k = key(zone, id);
  const memo = `${table.tableName}\n${k.pk}`;
  let known = lastTat.get(memo);
  for (let i = 0; i < MAX_RACES; i++) {
    const now = clock.now();
    if (known !== undefined && known - now > slack) {
      // Looks refused: read the current value for the exact Retry-After (another instance may have moved it).
      known = (await table.get<{ tat?: number }>(k))?.tat;
      if (known !== undefined && known - now > slack) return { allowed: false, retryAfterSeconds: (known - now - slack) / 1000 };
    }
    const ttl = Math.ceil((now + burst * interval) / 1000) + 60;
    const idle = known === undefined || known <= now;
    try {
      const after = await table.update<{ tat: number }>(
        k,
        idle
          ? { set: { tat: now + interval, ttl }, condition: { expression: 'attribute_not_exists(tat) OR tat <= :now', values: { ':now': now } } }
          : { add: { tat: interval }, set: { ttl }, condition: { expression: 'tat > :now AND tat <= :last', values: { ':now': now, ':last': now + slack } } },
      );
      remember(memo, after.tat);
      return { allowed: true, retryAfterSeconds: 0 };
    } catch (e) {
      if (!(e instanceof ConditionFailed)) throw e;
    }
    known = (await table.get<{ tat?: number }>(k))?.tat;
    if (known !== undefined && known - now > slack) {
      remember(memo, known);
      return { allowed: false, retryAfterSeconds: (known - now - slack) / 1000 };
    }
  }
  // Lost every race: the zone is under heavy contention, which itself means "slow down".
  return { allowed: false, retryAfterSeconds: 1 };
}

/** Each id's last known `tat`, bounded (the oldest goes first): only a guess, the store decides. */
const lastTat = new Map<string, number>();
const MAX_REMEMBERED = 10_000;
function remember(memo: string, tat: number) {
  lastTat.delete(memo);
  lastTat.set(memo, tat);
  if (lastTat.size > MAX_REMEMBERED) lastTat.delete(lastTat.keys().next().value!);
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
