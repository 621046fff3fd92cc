import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../shared/platform/adapters/dynamodb/client.js';
import { BatchIncompleteError, type BatchRetryPolicy } from '../../shared/platform/adapters/dynamodb/batch-retry.js';
import { DynamoTableStore } from '../../shared/platform/adapters/dynamodb/table-store.js';

// DynamoDB Local never answers with unprocessed items, so the store's answers are mocked here
// (aws-sdk-client-mock on the document client); the real adapter runs against DynamoDB Local in
// test/integration/adapters-dynamodb.test.ts.
const ddb = mockClient(DynamoDBDocumentClient);
afterEach(() => ddb.reset());

function policy(overrides: Partial<BatchRetryPolicy> = {}) {
  const sleeps: number[] = [];
  const p: BatchRetryPolicy = {
    maxAttempts: 5,
    baseMs: 10,
    capMs: 40,
    maxTotalMs: 60_000,
    random: () => 1,
    sleep: async (ms) => void sleeps.push(ms),
    ...overrides,
  };
  return { p, sleeps };
}
const store = (p: BatchRetryPolicy) => new DynamoTableStore(createDocumentClient({ endpoint: 'http://127.0.0.1:9' }), 't1', { batchRetry: p });
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ pk: `P#${i}`, sk: 'S' }));

describe('batch writes never drop items', () => {
  it('batchPut throws after its bounded retries when the store leaves items unprocessed forever', async () => {
    ddb.on(BatchWriteCommand).callsFake((input) => ({ UnprocessedItems: input.RequestItems }));
    const { p, sleeps } = policy();
    const err = await store(p)
      .batchPut(items(3))
      .catch((e) => e);
    expect(err).toBeInstanceOf(BatchIncompleteError);
    expect(err.message).toBe('DynamoDB batchPut on t1: 3 item(s) still unprocessed after 5 attempt(s)');
    expect(ddb.commandCalls(BatchWriteCommand)).toHaveLength(5);
    // exponential, capped (random() = 1 shows the ceiling of the full jitter)
    expect(sleeps).toEqual([10, 20, 40, 40]);
  });

  it('batchGet throws the same way', async () => {
    ddb.on(BatchGetCommand).callsFake((input) => ({ Responses: { t1: [] }, UnprocessedKeys: input.RequestItems }));
    const { p } = policy({ maxAttempts: 3 });
    await expect(store(p).batchGet(items(2))).rejects.toThrow('DynamoDB batchGet on t1: 2 item(s) still unprocessed after 3 attempt(s)');
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(3);
  });

  it('stops retrying once the total time budget is spent, even with attempts left', async () => {
    ddb.on(BatchWriteCommand).callsFake((input) => ({ UnprocessedItems: input.RequestItems }));
    let t = 0;
    const { p } = policy({ maxAttempts: 100, maxTotalMs: 1_000, now: () => (t += 400) });
    await expect(store(p).batchPut(items(1))).rejects.toBeInstanceOf(BatchIncompleteError);
    expect(ddb.commandCalls(BatchWriteCommand).length).toBeLessThan(5);
  });

  it('retries only the unprocessed part and ends with every item written', async () => {
    const written: string[] = [];
    let first = true;
    ddb.on(BatchWriteCommand).callsFake((input) => {
      const requests = input.RequestItems.t1 as { PutRequest: { Item: { pk: string } } }[];
      const [done, left] = first ? [requests.slice(0, 20), requests.slice(20)] : [requests, []];
      first = false;
      written.push(...done.map((r) => r.PutRequest.Item.pk));
      return left.length ? { UnprocessedItems: { t1: left } } : {};
    });
    const { p, sleeps } = policy();
    await store(p).batchPut(items(30));
    expect(written.sort()).toEqual(
      items(30)
        .map((i) => i.pk)
        .sort(),
    );
    // 30 items = two chunks of 25 and 5; only the first chunk's 5 leftovers are sent again
    expect(ddb.commandCalls(BatchWriteCommand).map((c) => (c.args[0].input.RequestItems!.t1 as unknown[]).length)).toEqual([25, 5, 5]);
    expect(sleeps).toEqual([10]);
  });

  it('batchGet returns the items of every attempt', async () => {
    let first = true;
    ddb.on(BatchGetCommand).callsFake((input) => {
      const keys = input.RequestItems.t1.Keys as { pk: string; sk: string }[];
      const [served, left] = first ? [keys.slice(0, 1), keys.slice(1)] : [keys, []];
      first = false;
      return { Responses: { t1: served.map((k) => ({ ...k, v: 1 })) }, ...(left.length ? { UnprocessedKeys: { t1: { Keys: left } } } : {}) };
    });
    const { p } = policy();
    const got = await store(p).batchGet<{ pk: string }>(items(3));
    expect(got.map((g) => g.pk).sort()).toEqual(['P#0', 'P#1', 'P#2']);
  });
});
