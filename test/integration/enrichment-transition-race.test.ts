import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localDeps } from '../../infra/local/local-deps.js';
import { EnrichmentTask } from '../../shared/research/enrichment/entities.js';
import { transition } from '../../shared/research/enrichment/run.js';
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
});
