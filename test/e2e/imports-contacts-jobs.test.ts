import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime } from '../support/accounts.js';
import { ASYNC_ABOVE_ROWS } from '../../shared/crm/imports/jobs.js';

/** Job form of the contact import: 202 + job id, ContactsController_importJob with processed/total, rate, ETA and the final result (local queue worker). */
let env: Awaited<ReturnType<typeof startTenantRuntime>>;
beforeAll(async () => {
  env = await startTenantRuntime();
});
afterAll(() => env?.rt.stop());

const rows = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ Mail: `p${i}@${tag}.example.org`, First: `${tag} ${i}` }));
const mapping = { Mail: 'email', First: 'firstName' };

async function waitDone(statusUrl: string) {
  for (let i = 0; i < 240; i++) {
    const s = await env.http.get(statusUrl);
    expect(s.status).toBe(200);
    if (s.body.status === 'completed' || s.body.status === 'failed') return s.body;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('import job did not finish in 60 s');
}

describe('contact import job form', () => {
  it('Prefer: respond-async answers 202 with a job; the status ends with the same result object as a synchronous import', async () => {
    const accepted = await env.http.post(
      '/api/contacts/import/start',
      { rows: rows(25, 'cpref'), mapping, options: { newListName: 'Job list' } },
      { prefer: 'respond-async' },
    );
    expect(accepted.status).toBe(202);
    expect(accepted.headers.get('preference-applied')).toBe('respond-async');
    expect(accepted.body).toMatchObject({ status: 'queued', total: 25, statusUrl: `/api/contacts/import/jobs/${accepted.body.jobId}` });
    const done = await waitDone(accepted.body.statusUrl);
    expect(done).toMatchObject({ jobId: accepted.body.jobId, kind: 'contacts', status: 'completed', processed: 25, total: 25, etaSeconds: 0 });
    expect(done.result).toMatchObject({ created: 25, skipped: 0, contactsCreated: 25, errors: [], listId: expect.any(String) });
    expect(done.result.createdIds).toHaveLength(25);
    const list = await env.http.get(`/api/contact-lists/${done.result.listId}`);
    expect(list.status).toBe(200);
    // Re-running synchronously skips every row: the job's contacts hold their email markers.
    const sync = await env.http.post('/api/contacts/import/start', { rows: rows(25, 'cpref'), mapping });
    expect(sync.status).toBe(200);
    expect(sync.body).toMatchObject({ created: 0, skipped: 25 });
  });

  it(`more than ${ASYNC_ABOVE_ROWS} rows answer 202 without asking; duplicates across chunks skip; row indexes stay those of the file`, async () => {
    const body = rows(ASYNC_ABOVE_ROWS + 10, 'cbig');
    body.push({ Mail: 'p3@cbig.example.org', First: 'again' }, { Mail: 'not an email', First: '' });
    const accepted = await env.http.post('/api/contacts/import/start', { rows: body, mapping });
    expect(accepted.status).toBe(202);
    const done = await waitDone(accepted.body.statusUrl);
    expect(done.status).toBe('completed');
    expect(done.result).toMatchObject({ created: ASYNC_ABOVE_ROWS + 10, skipped: 1, contactsCreated: ASYNC_ABOVE_ROWS + 10 });
    expect(done.result.errors.map((e: { index: number }) => e.index)).toEqual([ASYNC_ABOVE_ROWS + 11]);
    expect(done.rowsPerSecond).toBeGreaterThan(0);
    const contacts = await env.http.get('/api/contacts?pageSize=1');
    expect(contacts.status).toBe(200);
  });

  it('each status operation answers for its own kind of job; an unknown job is 404', async () => {
    const accepted = await env.http.post('/api/contacts/import/start', { rows: rows(2, 'ckind'), mapping }, { prefer: 'respond-async' });
    expect(accepted.status).toBe(202);
    expect((await env.http.get(`/api/companies/import/jobs/${accepted.body.jobId}`)).status).toBe(404);
    expect((await env.http.get('/api/contacts/import/jobs/nope')).status).toBe(404);
    await waitDone(accepted.body.statusUrl);
  });
});
