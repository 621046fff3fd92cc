import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime } from '../support/accounts.js';
import { ASYNC_ABOVE_ROWS } from '../../shared/crm/imports/jobs.js';
import { ImportJob } from '../../shared/crm/imports/entities.js';

/** Job form of the combined import: 202 + job id, status with processed/total, rate, ETA, final result (local queue worker). */
let env: Awaited<ReturnType<typeof startTenantRuntime>>;
beforeAll(async () => {
  env = await startTenantRuntime();
});
afterAll(() => env?.rt.stop());

const rows = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({ Name: `${tag} ${i}`, Site: `${tag}-${i}.example.org`, Email: `p${i}@${tag}-${i}.example.org` }));
const mapping = { Name: 'name', Site: 'domain', Email: 'c:email' };

async function waitDone(jobId: string) {
  for (let i = 0; i < 240; i++) {
    const s = await env.http.get(`/api/companies/import/jobs/${jobId}`);
    expect(s.status).toBe(200);
    if (s.body.status === 'completed' || s.body.status === 'failed') return s.body;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('import job did not finish in 60 s');
}

describe('import job form', () => {
  it('Prefer: respond-async answers 202 with a job; the status ends with the same result object as a synchronous import', async () => {
    const accepted = await env.http.post(
      '/api/companies/import/combined',
      { rows: rows(30, 'pref'), mapping, options: { dedupeBy: 'domain' } },
      { prefer: 'respond-async' },
    );
    expect(accepted.status).toBe(202);
    expect(accepted.headers.get('preference-applied')).toBe('respond-async');
    expect(accepted.body).toMatchObject({ status: 'queued', total: 30, statusUrl: `/api/companies/import/jobs/${accepted.body.jobId}` });
    const done = await waitDone(accepted.body.jobId);
    expect(done).toMatchObject({ status: 'completed', processed: 30, total: 30, etaSeconds: 0 });
    expect(done.result).toMatchObject({ created: 30, skipped: 0, contactsCreated: 30, errors: [] });
    expect(done.result.createdIds).toHaveLength(30);
    const sync = await env.http.post('/api/companies/import/combined', { rows: rows(30, 'pref'), mapping, options: { dedupeBy: 'domain' } });
    expect(sync.status).toBe(200);
    expect(sync.body).toMatchObject({ created: 0, skipped: 30 });
  });

  it(`more than ${ASYNC_ABOVE_ROWS} rows answer 202 without asking; chunks dedupe like one import; row indexes stay those of the file`, async () => {
    const body = rows(ASYNC_ABOVE_ROWS + 20, 'big');
    body.push({ Name: 'dup', Site: 'big-3.example.org', Email: 'x@big-3.example.org' }, { Name: 'bad', Site: 'not a domain', Email: '' });
    const accepted = await env.http.post('/api/companies/import/combined', { rows: body, mapping, options: { dedupeBy: 'domain' } });
    expect(accepted.status).toBe(202);
    const done = await waitDone(accepted.body.jobId);
    expect(done.status).toBe('completed');
    expect(done.result).toMatchObject({ created: ASYNC_ABOVE_ROWS + 20, skipped: 1 });
    expect(done.result.errors.map((e: { index: number }) => e.index)).toEqual([ASYNC_ABOVE_ROWS + 21]);
    expect(done.rowsPerSecond).toBeGreaterThan(0);
    // Progress is recorded once per chunk (with the chunk's lists): a first chunk of 25 rows, so rows are
    // counted soon after the start, then chunks that double up to 500 rows.
    const table = env.rt.deps.tenantTable(env.account.tenantId);
    const chunks = await table.query<{ sk: string }>({ ...ImportJob.query('primary', { jobId: accepted.body.jobId }), skBeginsWith: 'CHUNK#' });
    expect(chunks.items.map((c) => Number(c.sk.slice('CHUNK#'.length)))).toEqual([0, 25, 75, 175, 375]);
  });

  it('an unknown job is 404; another tenant cannot see a job', async () => {
    expect((await env.http.get('/api/companies/import/jobs/nope')).status).toBe(404);
  });
});
