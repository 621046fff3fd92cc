import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localDeps } from '../../infra/local/local-deps.js';
import { EnrichmentTask } from '../../shared/research/enrichment/entities.js';
import { dispatchRun, transition } from '../../shared/research/enrichment/run.js';
import { listEvents } from '../../shared/research/enrichment/events.js';
import type { TableStore } from '../../shared/platform/ports/table-store.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { AppError } from '../../shared/platform/errors.js';
import { createApprovedAccount } from '../support/accounts.js';

// A person's cancel races the crawl, which moves a task on by itself (QUEUED → RUNNING under a new run)
// between the cancel's read and its conditional write. Real DynamoDB Local; the crawl's move is made on
// the real table right before the cancel's first write of the task (CI saw this as a 409 task_changed).
let deps: Deps;
let tenantId: string;

beforeAll(async () => {
  deps = await localDeps(inject('dynamoEndpoint'), { TABLE_PREFIX: `r${randomBytes(4).toString('hex')}-`, LOG_LEVEL: 'silent' });
  tenantId = (await createApprovedAccount(deps)).tenantId;
}, 120_000);

/** Deps whose tenant table applies `move` to the task once, just before the first conditional write of it. */
function racing(move: Record<string, unknown>) {
  let moved = 0;
  const wrap = (table: TableStore) =>
    Object.create(table, {
      update: {
        value: async (key: { pk: string; sk: string }, spec: Parameters<TableStore['update']>[1]) => {
          if (spec.condition && key.sk === 'SETASK' && moved++ === 0) await table.update(key, { set: move });
          return table.update(key, spec);
        },
      },
    }) as TableStore;
  return { deps: { ...deps, tenantTable: (id: string) => wrap(deps.tenantTable(id)) } as Deps, moves: () => moved };
}

async function queuedTask(taskId: string) {
  await deps.tenantTable(tenantId).put(EnrichmentTask.item({ taskId }, { taskId, status: 'QUEUED', runId: 'run-1', resumeAttempts: 0 }));
}

describe('site enrichment transitions against the crawl', () => {
  it('a cancel whose task started meanwhile reads it again and cancels it (no 409)', async () => {
    await queuedTask('race-cancel');
    const race = racing({ status: 'RUNNING', runId: 'run-2' });
    const after = await transition(race.deps, tenantId, 'race-cancel', 'cancel');
    expect(race.moves()).toBeGreaterThanOrEqual(1);
    expect(after).toMatchObject({ status: 'CANCELLED', runId: 'run-2' });
  });

  it('a cancel whose task ended meanwhile is refused as invalid_state, not task_changed', async () => {
    await queuedTask('race-done');
    const race = racing({ status: 'DONE' });
    const refused = await transition(race.deps, tenantId, 'race-done', 'cancel').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(409);
    expect(JSON.stringify((refused as AppError).body)).toContain('invalid_state');
  });

  it("a cancel racing the run's dispatch logs its events after `running`, never before it", async () => {
    const taskId = 'race-dispatch';
    await deps
      .tenantTable(tenantId)
      .put(EnrichmentTask.item({ taskId }, { taskId, status: 'QUEUED', runId: 'run-1', resumeAttempts: 0, total: 1, processed: 0 }));
    // Right after the write that makes the task RUNNING lands, a person cancels it (another request: the
    // dispatch's own event log is not waited on from inside its write, which would be a deadlock).
    let cancel: Promise<unknown> | undefined;
    const startsRun = (spec: { set?: Record<string, unknown> } | undefined) => spec?.set?.status === 'RUNNING';
    const cancelOnce = () => (cancel ??= transition(deps, tenantId, taskId, 'cancel'));
    const wrap = (table: TableStore) =>
      Object.create(table, {
        update: {
          value: async (key: { pk: string; sk: string }, spec: Parameters<TableStore['update']>[1]) => {
            const out = await table.update(key, spec);
            if (startsRun(spec)) await cancelOnce();
            return out;
          },
        },
        transact: {
          value: async (ops: Parameters<TableStore['transact']>[0]) => {
            const out = await table.transact(ops);
            if (ops.some((op) => 'update' in op && startsRun(op.spec))) void cancelOnce();
            return out;
          },
        },
      }) as TableStore;
    const racingDeps = { ...deps, tenantTable: (id: string) => wrap(deps.tenantTable(id)) } as Deps;
    await dispatchRun(racingDeps, { tenantId, taskId, runId: 'run-1' } as Parameters<typeof dispatchRun>[1]);
    expect(cancel).toBeDefined();
    await cancel;
    const kinds = (await listEvents(deps.tenantTable(tenantId), taskId, 0, 50)).data.map((e) => e.kind);
    expect(kinds.slice(-2)).toEqual(['cancel_requested', 'cancelled']);
    expect(kinds.filter((k) => k === 'running').length).toBeLessThanOrEqual(1);
    if (kinds.includes('running')) expect(kinds.indexOf('running')).toBeLessThan(kinds.indexOf('cancel_requested'));
  });
});
