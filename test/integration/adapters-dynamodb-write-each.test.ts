import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDocumentClient } from '../../shared/platform/adapters/dynamodb/client.js';
import { DynamoTableAdmin } from '../../shared/platform/adapters/dynamodb/table-admin.js';
import { DynamoTableStore } from '../../shared/platform/adapters/dynamodb/table-store.js';
import { consumedCapacity, resetCapacity } from '../../shared/platform/adapters/dynamodb/consumed-capacity.js';

const doc = createDocumentClient({ endpoint: inject('dynamoEndpoint') });
const admin = new DynamoTableAdmin(doc);
const name = `itest-${Date.now()}-each`;
const table = new DynamoTableStore(doc, name);

beforeAll(() => admin.ensureTable(name));
afterAll(() => admin.dropTable(name));

describe('TableStore.writeEach (PartiQL batch) against DynamoDB Local', () => {
  it('inserts only missing items, updates only existing ones whose condition holds, each on its own, 1 unit per write', async () => {
    await table.put({ pk: 'L#1', sk: 'ITEM#a', status: 'QUEUED', attempts: 0, gone: 'x' });
    await table.put({ pk: 'L#1', sk: 'ITEM#b', status: 'SENDING', attempts: 1 });
    await table.put({ pk: 'M#0', sk: 'M', taskId: 'first' });
    resetCapacity();
    const lease = {
      set: { status: 'SENDING', workerId: 'w-1', smtp: { code: 250, response: 'it\'s "quoted"' } },
      add: { attempts: 1 },
      remove: ['gone'],
      condition: { expression: '#s = :q AND attribute_not_exists(workerId)', names: { '#s': 'status' }, values: { ':q': 'QUEUED' } },
    };
    const done = await table.writeEach([
      { update: { pk: 'L#1', sk: 'ITEM#a' }, spec: lease }, // QUEUED: leased
      { update: { pk: 'L#1', sk: 'ITEM#b' }, spec: lease }, // taken by another: refused
      { update: { pk: 'L#1', sk: 'ITEM#c' }, spec: lease }, // missing: refused, not created
      { insert: { pk: 'M#1', sk: 'M', taskId: 't', 'odd name': 1 } }, // new: inserted
      { insert: { pk: 'M#0', sk: 'M', taskId: 'second' } }, // exists: refused, left as it was
    ]);
    expect(done).toEqual([true, false, false, true, false]);
    expect(await table.get({ pk: 'L#1', sk: 'ITEM#a' })).toEqual({
      pk: 'L#1',
      sk: 'ITEM#a',
      status: 'SENDING',
      attempts: 1,
      workerId: 'w-1',
      smtp: { code: 250, response: 'it\'s "quoted"' },
    });
    expect(await table.get({ pk: 'L#1', sk: 'ITEM#b' })).toMatchObject({ status: 'SENDING', attempts: 1 });
    expect(await table.get({ pk: 'L#1', sk: 'ITEM#c' })).toBeUndefined();
    expect(await table.get({ pk: 'M#1', sk: 'M' })).toMatchObject({ taskId: 't', 'odd name': 1 });
    expect(await table.get({ pk: 'M#0', sk: 'M' })).toMatchObject({ taskId: 'first' });
    expect(consumedCapacity.write).toBe(5);
  });

  it('takes more than 25 writes in calls of 25, answering in order', async () => {
    const items = Array.from({ length: 60 }, (_, i) => ({ pk: `N#${i}`, sk: 'N', n: i }));
    await table.put(items[7]);
    const done = await table.writeEach(items.map((insert) => ({ insert })));
    expect(done.filter((d) => !d)).toHaveLength(1);
    expect(done[7]).toBe(false);
    expect(consumedCapacity.byKind['each:N/N'].calls).toBe(3);
  });
});
