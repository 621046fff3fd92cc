import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime } from '../support/accounts.js';
import { runImportWithinBudget } from '../../shared/crm/imports/sync-budget.js';

/**
 * The time bound of a synchronous import (shared/crm/imports/sync-budget.ts): rows run in chunks, and the
 * rows a call has not reached when its budget is spent continue as an import job (the operation
 * answers 202), whose result sums both parts. The budget is passed in here (0: hand over after the
 * first chunk) instead of waiting for a slow store.
 */
let env: Awaited<ReturnType<typeof startTenantRuntime>>;
let tenant: { tenantId: string; table: ReturnType<typeof env.rt.deps.tenantTable> };
beforeAll(async () => {
  env = await startTenantRuntime();
  tenant = { tenantId: env.account.tenantId, table: env.rt.deps.tenantTable(env.account.tenantId) };
});
afterAll(() => env?.rt.stop());

const companyRows = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({
    Company: `${tag} ${i}`,
    Site: i === 100 ? 'not a domain' : `${tag}-${i}.example.org`,
    Mail: `boss@${tag}-${i}.example.org`,
  }));
const mapping = { Company: 'name', Site: 'domain', Mail: 'c:email' };

async function waitDone(statusUrl: string) {
  for (let i = 0; i < 480; i++) {
    const s = await env.http.get(statusUrl);
    expect(s.status).toBe(200);
    if (s.body.status === 'completed' || s.body.status === 'failed') return s.body;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('import job did not finish in 120 s');
}

describe('synchronous import time bound', () => {
  it('rows not reached within the budget continue as a job; the job result sums both parts (indexes, list, ids)', async () => {
    const out = await runImportWithinBudget(
      env.rt.deps,
      tenant,
      'combined',
      { rows: companyRows(120, 'budget0'), mapping, options: { newListName: 'Budget list' } },
      0,
    );
    if (!('job' in out)) throw new Error('expected a hand-over to a job');
    expect(out.job).toMatchObject({ status: 'queued', total: 120, processed: 50, statusUrl: `/api/companies/import/jobs/${out.job.jobId}` });
    const done = await waitDone(out.job.statusUrl);
    expect(done).toMatchObject({ status: 'completed', processed: 120, total: 120 });
    expect(done.result).toMatchObject({ created: 119, contactsCreated: 119, errors: [{ index: 100 }], listId: expect.any(String) });
    expect(new Set(done.result.createdIds).size).toBe(119);
    const list = await env.http.get(`/api/company-lists/${done.result.listId}`);
    expect(list.body.memberCount).toBe(119);
  });

  it('within the budget a chunked call answers one result object; a small body is one import', async () => {
    const out = await runImportWithinBudget(env.rt.deps, tenant, 'combined', { rows: companyRows(120, 'budgetok'), mapping }, 600_000);
    if (!('result' in out)) throw new Error('expected a synchronous result');
    expect(out.result).toMatchObject({ created: 119, contactsCreated: 119, errors: [{ index: 100 }] });
    expect(out.result.createdIds).toHaveLength(119);

    const small = await env.http.post('/api/companies/import/combined', { rows: companyRows(20, 'budgetsmall'), mapping });
    expect(small.status).toBe(200);
    expect(small.body).toMatchObject({ created: 20, contactsCreated: 20, errors: [] });
  });

  it('the contact import hands over the same way', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => ({ Mail: `p${i}@budget-contacts.example.org` }));
    const out = await runImportWithinBudget(env.rt.deps, tenant, 'contacts', { rows, mapping: { Mail: 'email' } }, 0);
    if (!('job' in out)) throw new Error('expected a hand-over to a job');
    expect(out.job.statusUrl).toBe(`/api/contacts/import/jobs/${out.job.jobId}`);
    const done = await waitDone(out.job.statusUrl);
    expect(done.result).toMatchObject({ created: 80, contactsCreated: 80, errors: [] });
  });
});
