import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { DynamoTableStore } from '../../shared/platform/adapters/dynamodb/table-store.js';
import { consumedCapacity, resetCapacity } from '../../shared/platform/adapters/dynamodb/consumed-capacity.js';
import { ConditionFailed } from '../../shared/platform/ports/table-store.js';

/** A document client whose sends throw the given errors in turn, then succeed. */
function failingThen(errors: Error[]) {
  let calls = 0;
  const doc = { send: async () => (calls++ < errors.length ? Promise.reject(errors[calls - 1]) : {}) } as unknown as DynamoDBDocumentClient;
  return { store: new DynamoTableStore(doc, 'tbl'), calls: () => calls };
}

const cancelled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: codes.map((Code) => ({ Code })) });
const localLockTimeout = () =>
  Object.assign(new Error('This action timed out because it too long waiting for a lock. This request will succeed in actual DynamoDB API'), {
    name: 'InternalServerError',
  });
const tx = [{ update: { pk: 'TASK#t', sk: 'TASK' }, spec: { add: { sent: 1 } } }];

describe('DynamoTableStore transactions under contention', () => {
  it("retries TransactionConflict (AWS) and DynamoDB Local's lock-wait timeout, then succeeds", async () => {
    resetCapacity();
    const { store, calls } = failingThen([cancelled('None', 'TransactionConflict'), localLockTimeout()]);
    await store.transact(tx);
    expect(calls()).toBe(3);
    expect(consumedCapacity.conflictRetries).toBe(2);
  });

  it('never retries a failed condition: ConditionFailed at once', async () => {
    const { store, calls } = failingThen([cancelled('ConditionalCheckFailed', 'TransactionConflict')]);
    await expect(store.transact(tx)).rejects.toBeInstanceOf(ConditionFailed);
    expect(calls()).toBe(1);
  });

  it('gives up after a bounded number of attempts', async () => {
    const { store, calls } = failingThen(Array.from({ length: 20 }, () => cancelled('TransactionConflict')));
    await expect(store.transact(tx)).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(calls()).toBe(6);
  });
});
