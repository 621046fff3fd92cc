import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../functions/data-migrations.js';
import { MigrationMarker } from '../../shared/workspace/migrations/entities.js';
import { migrateTable, runMigrations } from '../../shared/workspace/migrations/runner.js';
import type { TableStore } from '../../shared/platform/ports/table-store.js';
import type { ItemOf } from '../../shared/platform/data/entity.js';
import { Task } from '../../shared/mailing/tasks/entities.js';
import { taskReviewBackfill } from '../../shared/mailing/tasks/review-backfill.js';
import { createApprovedAccount } from '../support/accounts.js';
import { waitFor } from '../support/poll.js';
import { client, startTestRuntime } from '../support/runtime.js';

// The data migration that puts mailing tasks written before the review index (gsi3 TASKREVIEW) existed
// into it, so the approvals queue shows them: resumable from its marker, idempotent, and run once at
// the start of the embedded runtime. DynamoDB Local, the real runtime over HTTP, nothing mocked.
let rt: Awaited<ReturnType<typeof startTestRuntime>>;

beforeAll(async () => {
  rt = await startTestRuntime();
}, 120_000);
afterAll(() => rt?.stop());

/** A task item as createMailingTask wrote it before the review index: the same attributes, no gsi3 keys. */
async function writeOldTask(table: TableStore, taskId: string, createdAt: string, extra: Partial<ItemOf<typeof Task>> = {}) {
  const record: ItemOf<typeof Task> = {
    taskId,
    methodId: 2,
    methodName: 'mailing',
    description: `old task ${taskId}`,
    creativeId: extra.creativeId ?? 'no-creative',
    accountId: 'acc-old',
    contactListId: 'list-old',
    status: 'DRAFT',
    approvalStatus: 'PENDING',
    tracking: true,
    createdAt,
    updatedAt: createdAt,
    version: 1,
    ...extra,
  };
  await table.put(Task.item({ taskId, createdAt }, record));
  return taskId;
}

const queueOf = (key: string) => client(rt.url, { key }).get('/api/mailing/approvals');

describe('review index backfill', () => {
  it(
    'lists an open task written without the index keys once, after a resumed run and a repeat; ended and owned tasks stay out',
    { timeout: 180_000 },
    async () => {
      const account = await createApprovedAccount(rt.deps);
      const http = client(rt.url, { key: account.apiKey });
      const table = rt.deps.tenantTable(account.tenantId);
      const creative = await http.post('/api/creatives', { name: 'Old intro', subject: 'Hello', bodyHtml: '<p>Hi</p>' });
      expect(creative.status).toBe(201);

      // 120 finished tasks first (oldest), so the open ones sit on the second page of the task index.
      for (let i = 0; i < 120; i += 30)
        await Promise.all(
          Array.from({ length: 30 }, (_, k) =>
            writeOldTask(
              table,
              `done${String(i + k).padStart(3, '0')}`,
              `2025-01-01T00:00:${String((i + k) % 60).padStart(2, '0')}.${String(i + k).padStart(3, '0')}Z`,
              {
                status: 'COMPLETED',
              },
            ),
          ),
        );
      const legacy = await writeOldTask(table, 'legacy1', '2025-06-01T10:00:00.000Z', { description: 'Legacy intro', creativeId: creative.body.id });
      await writeOldTask(table, 'legacy2', '2025-06-01T11:00:00.000Z', { status: 'CANCELLED' });
      await writeOldTask(table, 'legacy3', '2025-06-01T12:00:00.000Z', { status: 'ACTIVE', approvalStatus: 'APPROVED', owner: { kind: 'campaign', id: 'c1' } });
      expect((await queueOf(account.apiKey)).body.count).toBe(0); // invisible to the queue so far

      // A run cut short after one step: the marker keeps where to resume; nothing of page two is written yet.
      let steps = 0;
      const counted = { ...taskReviewBackfill, step: (...a: Parameters<typeof taskReviewBackfill.step>) => (steps++, taskReviewBackfill.step(...a)) };
      const cut = await migrateTable(
        table,
        counted,
        () => Date.now(),
        () => steps < 1,
      );
      expect(steps).toBe(1);
      expect(cut).toEqual({ changed: 0, done: false });
      expect(await table.get(MigrationMarker.key({ name: taskReviewBackfill.name }))).toMatchObject({ status: 'RUNNING', cursor: expect.any(String) });
      expect((await queueOf(account.apiKey)).body.count).toBe(0);

      // The whole run resumes there and finishes; a second run changes nothing.
      const first = await runMigrations(rt.deps, MIGRATIONS);
      expect(first).toMatchObject({ complete: true, changed: 1 });
      const again = await runMigrations(rt.deps, MIGRATIONS);
      expect(again).toMatchObject({ complete: true, changed: 0 });
      expect(await table.get(MigrationMarker.key({ name: taskReviewBackfill.name }))).toMatchObject({ status: 'DONE', changed: 1 });

      const q = (await queueOf(account.apiKey)).body;
      expect(q.tasks.map((t: { id: string }) => t.id)).toEqual([legacy]);
      expect(q.tasks[0]).toMatchObject({ description: 'Legacy intro', creativeName: 'Old intro', status: 'DRAFT', createdBy: null });
      expect(await table.get(Task.key({ taskId: legacy }))).toMatchObject({ gsi3pk: 'TASKREVIEW', gsi3sk: `2025-06-01T10:00:00.000Z#${legacy}` });
      expect(await table.get(Task.key({ taskId: 'legacy2' }))).not.toHaveProperty('gsi3pk');
      expect(await table.get(Task.key({ taskId: 'legacy3' }))).not.toHaveProperty('gsi3pk');
      // Approve it: it leaves the queue as any task does.
      expect((await http.post(`/api/mailing/${legacy}/approve`, { note: 'old but fine' })).status).toBe(200);
      expect((await queueOf(account.apiKey)).body.count).toBe(0);
    },
  );

  it('runs at the start of the embedded runtime: an old task of another workspace appears without a call', { timeout: 180_000 }, async () => {
    const account = await createApprovedAccount(rt.deps);
    const table = rt.deps.tenantTable(account.tenantId);
    const old = await writeOldTask(table, 'legacy9', '2025-07-01T09:00:00.000Z', { description: 'Written before the index' });
    expect((await queueOf(account.apiKey)).body.count).toBe(0);
    // The same tables, a new process: the start runs the migrations in the background.
    const tablePrefix = rt.deps.config.tablePrefix;
    await rt.stop();
    rt = await startTestRuntime({ env: { TABLE_PREFIX: tablePrefix } });
    const marker = await waitFor('the migration to finish at start', async () => {
      const m = await rt.deps.tenantTable(account.tenantId).get<{ status: string }>(MigrationMarker.key({ name: taskReviewBackfill.name }));
      return m?.status === 'DONE' && m;
    });
    expect(marker).toMatchObject({ changed: 1 });
    expect((await queueOf(account.apiKey)).body.tasks.map((t: { id: string }) => t.id)).toEqual([old]);
  });
});
