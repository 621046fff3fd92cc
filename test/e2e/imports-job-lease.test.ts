import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime } from '../support/accounts.js';
import { runImportJob, startImportJob } from '../../shared/crm/imports/jobs.js';
import { claimJob } from '../../shared/crm/imports/job-lease.js';
import { ImportJob } from '../../shared/crm/imports/entities.js';
import type { WorkQueue } from '../../shared/platform/ports/queue.js';

/**
 * Import job leases (shared/crm/imports/job-lease.ts): a job whose worker died mid-job (lease run out, its
 * message gone with the dead worker until the queue's 16-minute redelivery) is queued again by the
 * next import of the tenant and completes; a second delivery while a worker holds the lease does nothing.
 */
let env: Awaited<ReturnType<typeof startTenantRuntime>>;
beforeAll(async () => {
  env = await startTenantRuntime();
});
afterAll(() => env?.rt.stop());

const rows = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ Company: `${tag} ${i}`, Site: `${tag}-${i}.example.net` }));
const mapping = { Company: 'name', Site: 'domain' };
// A queue that loses what it is sent: the job's message is held by the dead worker.
const lost: WorkQueue = { send: async () => undefined } as unknown as WorkQueue;

async function waitDone(statusUrl: string) {
  for (let i = 0; i < 240; i++) {
    const s = await env.http.get(statusUrl);
    if (s.body.status === 'completed' || s.body.status === 'failed') return s.body;
    await new Promise((r) => setTimeout(r, 250));
  }
  return (await env.http.get(statusUrl)).body;
}

describe('import job leases', () => {
  it('a job whose worker died is queued again by the next import of the tenant and completes', async () => {
    const table = env.rt.deps.tenantTable(env.account.tenantId);
    const job = await startImportJob({ ...env.rt.deps, queue: lost }, env.account.tenantId, table, 'combined', { rows: rows(30, 'leased'), mapping });
    // As a worker that claimed it and died leaves it: running, its lease run out.
    await table.update(ImportJob.key({ jobId: job.jobId }), { set: { status: 'running', leaseUntil: env.rt.deps.clock.now() - 1 } });

    const next = await env.http.post('/api/companies/import/combined', { rows: rows(3, 'next'), mapping });
    expect(next.status).toBe(200);
    const done = await waitDone(job.statusUrl);
    expect(done).toMatchObject({ status: 'completed', processed: 30, result: { created: 30, errors: [] } });
  });

  it('the claim marks the job running with its start time before any chunk is recorded, and a second claim is refused', async () => {
    const table = env.rt.deps.tenantTable(env.account.tenantId);
    const job = await startImportJob({ ...env.rt.deps, queue: lost }, env.account.tenantId, table, 'combined', { rows: rows(5, 'claimed'), mapping });
    expect((await env.http.get(job.statusUrl)).body).toMatchObject({ status: 'queued', processed: 0 });
    const claim = await claimJob(table, job.jobId, env.rt.deps.clock.now());
    expect(claim?.job).toMatchObject({ id: job.jobId, status: 'running', processed: 0, total: 5, leaseUntil: claim?.leaseUntil });
    const status = (await env.http.get(job.statusUrl)).body;
    expect(status).toMatchObject({ status: 'running', processed: 0, total: 5 });
    expect(status.startedAt).toBe(claim?.job.startedAt);
    expect(Date.parse(status.startedAt)).toBeLessThanOrEqual(env.rt.deps.clock.now());
    expect(await claimJob(table, job.jobId, env.rt.deps.clock.now())).toBeUndefined();
  });

  it('a second delivery while a worker holds the lease does nothing', async () => {
    const table = env.rt.deps.tenantTable(env.account.tenantId);
    const job = await startImportJob({ ...env.rt.deps, queue: lost }, env.account.tenantId, table, 'combined', { rows: rows(5, 'held'), mapping });
    await table.update(ImportJob.key({ jobId: job.jobId }), { set: { status: 'running', leaseUntil: env.rt.deps.clock.now() + 60_000 } });
    await runImportJob(env.rt.deps, { tenantId: env.account.tenantId, jobId: job.jobId });
    expect((await env.http.get(job.statusUrl)).body).toMatchObject({ status: 'running', processed: 0 });
  });
});
