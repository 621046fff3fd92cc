import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnrichmentEvent, EnrichmentHost, EnrichmentItem, EnrichmentTask, seqKey } from '../../shared/research/enrichment/entities.js';
import { appendEvent, listEvents } from '../../shared/research/enrichment/events.js';
import type { TableStore, TxOp } from '../../shared/platform/ports/table-store.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startTestRuntime } from '../support/runtime.js';

// appendEvent's group commit against DynamoDB Local through the real adapter.
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.stop());

/** The tenant table, counting its transactions (same tableName: the same per-task append log). */
function counted(table: TableStore) {
  const tx: TxOp[][] = [];
  const store: TableStore = Object.create(table, {
    transact: {
      value: (ops: TxOp[]) => {
        tx.push(ops);
        return table.transact(ops);
      },
    },
  });
  return { store, tx };
}

const claim = (taskId: string, companyId: string): TxOp => ({
  update: EnrichmentItem.key({ taskId, companyId }),
  spec: { set: { status: 'OK' }, condition: { expression: '#s = :p', names: { '#s': 'status' }, values: { ':p': 'PENDING' } } },
});

describe('site enrichment events: group commit', () => {
  it('concurrent appends get gap-free seqs in fewer transactions; one whose claim fails returns undefined, the others are written', async () => {
    const a = await createApprovedAccount(rt.deps);
    const { store, tx } = counted(rt.deps.tenantTable(a.tenantId));
    const taskId = 'group-commit-task';
    await store.put(EnrichmentTask.item({ taskId, createdAt: '2026-01-01T00:00:00.000Z' }, { taskId, status: 'RUNNING' }));
    const n = 20;
    const ids = Array.from({ length: n }, (_, i) => `c${i}`);
    for (const companyId of ids)
      await store.put(EnrichmentItem.item({ taskId, companyId }, { taskId, companyId, status: companyId === 'c7' ? 'OK' : 'PENDING' }));
    // c3 and c4 share a host mark: they must not be in one transaction (one operation per item).
    const hostMark: TxOp = { update: EnrichmentHost.key({ taskId, host: 'h.test' }), spec: { add: { visits: 1 } } };

    const seqs = await Promise.all(
      ids.map((companyId) =>
        appendEvent(
          store,
          taskId,
          'item_ok',
          { n: companyId },
          Date.now(),
          { companyId },
          {
            ops: companyId === 'c3' || companyId === 'c4' ? [claim(taskId, companyId), hostMark] : [claim(taskId, companyId)],
            taskAdd: { processed: 1 },
            taskSet: { lastProgressAt: companyId },
          },
        ),
      ),
    );

    expect(seqs[7]).toBeUndefined(); // claimed already: no event, no counters
    const written = seqs.filter((s): s is number => s !== undefined);
    expect(written.sort((x, y) => x - y)).toEqual(Array.from({ length: n - 1 }, (_, i) => i + 1));
    expect(tx.length).toBeLessThan(n - 1);
    expect(tx.every((ops) => ops.length <= 100)).toBe(true);
    expect(tx.every((ops) => ops.filter((o) => 'update' in o && o.update.sk === 'HOST#h.test').length <= 1)).toBe(true);

    const task = await store.get<Record<string, unknown>>(EnrichmentTask.key({ taskId }));
    expect(task).toMatchObject({ eventSeq: n - 1, processed: n - 1, lastProgressAt: 'c19' });
    expect(await store.get(EnrichmentHost.key({ taskId, host: 'h.test' }))).toMatchObject({ visits: 2 });
    const events = (await listEvents(store, taskId, 0, 100)).data;
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: n - 1 }, (_, i) => i + 1));
    // In arrival order, each event with its own append's company.
    expect(events.map((e) => e.companyId)).toEqual(ids.filter((c) => c !== 'c7'));
    for (const companyId of ids) expect((await store.get<{ status: string }>(EnrichmentItem.key({ taskId, companyId })))?.status).toBe('OK');
  });

  it('another process took the next seq: the group reads the counter again and continues after it', async () => {
    const a = await createApprovedAccount(rt.deps);
    const table = rt.deps.tenantTable(a.tenantId);
    const taskId = 'group-commit-race';
    await table.put(EnrichmentTask.item({ taskId, createdAt: '2026-01-01T00:00:00.000Z' }, { taskId, status: 'RUNNING' }));
    expect(await appendEvent(table, taskId, 'running', null, Date.now())).toBe(1);
    // Another process appends seq 2 (this process still believes 1 is the last).
    await table.transact([
      { update: EnrichmentTask.key({ taskId }), spec: { set: { eventSeq: 2 }, condition: { expression: 'eventSeq = :p', values: { ':p': 1 } } } },
      { put: EnrichmentEvent.item({ taskId, seq: seqKey(2) }, { taskId, seq: 2, kind: 'item_down', payload: null, at: new Date().toISOString() }) },
    ]);
    const seqs = await Promise.all([1, 2, 3].map(() => appendEvent(table, taskId, 'item_no_site', null, Date.now())));
    expect(seqs).toEqual([3, 4, 5]);
    expect((await listEvents(table, taskId, 0, 100)).data.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
  });
});
