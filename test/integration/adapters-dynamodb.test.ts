import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDocumentClient } from '../../shared/platform/adapters/dynamodb/client.js';
import { DynamoTableAdmin } from '../../shared/platform/adapters/dynamodb/table-admin.js';
import { DynamoTableStore } from '../../shared/platform/adapters/dynamodb/table-store.js';
import { consumedCapacity } from '../../shared/platform/adapters/dynamodb/consumed-capacity.js';
import { ConditionFailed } from '../../shared/platform/ports/table-store.js';
import { AdjustableClock } from '../../shared/platform/runtime/clock.js';
import { slidingWindow, tokenBucket } from '../../shared/platform/limits/rate-limiter.js';

const doc = createDocumentClient({ endpoint: inject('dynamoEndpoint') });
const admin = new DynamoTableAdmin(doc);
const name = `itest-${Date.now()}-platform`;
const table = new DynamoTableStore(doc, name);

beforeAll(() => admin.ensureTable(name));
afterAll(() => admin.dropTable(name));

describe('DynamoTableStore against DynamoDB Local', () => {
  it('pages a Query with an opaque cursor and rejects a forged one with 400', async () => {
    await table.batchPut(Array.from({ length: 30 }, (_, i) => ({ pk: 'P', sk: `S#${String(i).padStart(2, '0')}` })));
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await table.query<{ sk: string }>({ pk: 'P', limit: 7, cursor });
      seen.push(...page.items.map((x) => x.sk));
      cursor = page.cursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    await expect(table.query({ pk: 'P', cursor: 'not-a-cursor' })).rejects.toMatchObject({ status: 400 });
  });

  it('reads a batch of keys strongly consistent when asked (a read per key, at twice the read units), in any order', async () => {
    await table.batchPut(Array.from({ length: 120 }, (_, i) => ({ pk: 'B', sk: `K#${i}`, n: i })));
    const keys = Array.from({ length: 120 }, (_, i) => ({ pk: 'B', sk: `K#${119 - i}` }));
    const found = await table.batchGet<{ n: number }>([...keys, { pk: 'B', sk: 'missing' }], { consistent: true });
    expect(found.map((x) => x.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => i));
  });

  it('rolls back a transaction whose marker exists and says which item failed', async () => {
    await table.put({ pk: 'M#1', sk: 'M' });
    const err = await table
      .transact([{ put: { pk: 'X#1', sk: 'X' } }, { put: { pk: 'M#1', sk: 'M' }, condition: { expression: 'attribute_not_exists(pk)' } }])
      .catch((e) => e);
    expect(err).toBeInstanceOf(ConditionFailed);
    expect(err.index).toBe(1);
    expect(await table.get({ pk: 'X#1', sk: 'X' })).toBeUndefined();
  });

  it('counts consumed write capacity', async () => {
    const before = consumedCapacity.write;
    await table.put({ pk: 'C', sk: 'C' });
    expect(consumedCapacity.write).toBeGreaterThan(before);
  });
});

describe('rate limiter counters in DynamoDB', () => {
  it('sliding window admits exactly the limit under concurrency', async () => {
    const clock = new AdjustableClock();
    const results = await Promise.all(Array.from({ length: 12 }, () => slidingWindow(table, clock, 'sw', 'a', 5, 3_600_000)));
    expect(results.filter((r) => r.allowed).length).toBeLessThanOrEqual(5);
    clock.advance(3_600_001);
    expect((await slidingWindow(table, clock, 'sw', 'a', 5, 3_600_000)).allowed).toBe(true);
  });

  it('token bucket refills at its rate', async () => {
    const clock = new AdjustableClock();
    clock.freeze(); // a slow machine would otherwise refill a token between the twelve calls
    let allowed = 0;
    for (let i = 0; i < 12; i++) if ((await tokenBucket(table, clock, 'tb', 'a', 2, 10)).allowed) allowed++;
    expect(allowed).toBe(10);
    clock.advance(1000);
    expect((await tokenBucket(table, clock, 'tb', 'a', 2, 10)).allowed).toBe(true);
    expect((await tokenBucket(table, clock, 'tb', 'a', 2, 10)).allowed).toBe(true);
    expect((await tokenBucket(table, clock, 'tb', 'a', 2, 10)).allowed).toBe(false);
  });

  it('token bucket says the exact wait, and admits exactly the burst under concurrency', async () => {
    const clock = new AdjustableClock();
    clock.freeze();
    const results = await Promise.all(Array.from({ length: 30 }, () => tokenBucket(table, clock, 'tb', 'b', 2, 10)));
    expect(results.filter((r) => r.allowed).length).toBe(10);
    // Empty bucket at 2 tokens/s: the next token is 500 ms away, then 300 ms after 200 ms passed.
    expect(await tokenBucket(table, clock, 'tb', 'b', 2, 10)).toEqual({ allowed: false, retryAfterSeconds: 0.5 });
    clock.advance(200);
    expect(await tokenBucket(table, clock, 'tb', 'b', 2, 10)).toEqual({ allowed: false, retryAfterSeconds: 0.3 });
    clock.advance(300);
    expect((await tokenBucket(table, clock, 'tb', 'b', 2, 10)).allowed).toBe(true);
    // Idle for longer than a full refill: the whole burst again, not more.
    clock.advance(60_000);
    let allowed = 0;
    for (let i = 0; i < 12; i++) if ((await tokenBucket(table, clock, 'tb', 'b', 2, 10)).allowed) allowed++;
    expect(allowed).toBe(10);
  });
});
