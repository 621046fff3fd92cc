import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime } from '../support/accounts.js';

/**
 * A job whose body is over 1 MB (10,000 rows, partly Cyrillic): its body is stored and read back
 * whole (a Query page stops at 1 MB; the body once stayed `queued` forever), and it ends with every
 * row. The 50,000-row run is `npm run bench large-job` (test/bench/large-job.ts).
 */
let env: Awaited<ReturnType<typeof startTenantRuntime>>;
beforeAll(async () => {
  env = await startTenantRuntime();
});
afterAll(() => env?.rt.stop());

const N = 10_000;
const rows = Array.from({ length: N }, (_, i) => ({
  Name: `Компания ${i}`,
  Site: `large-${i}.example.ru`,
  Email: `buyer${i}@large-${i}.example.ru`,
  Industry: 'Оптовая торговля строительными материалами',
}));
const mapping = { Name: 'name', Site: 'domain', Email: 'c:email', Industry: 'industry' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('large import job', () => {
  it('a 10,000-row combined import over 1 MB runs to completed with every company and contact', async () => {
    const body = { rows, mapping, options: { dedupeBy: 'domain' } };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(1_200_000);
    const accepted = await env.http.post('/api/companies/import/combined', body);
    expect(accepted.status).toBe(202);
    let status: any = {};
    const until = Date.now() + 1_500_000;
    for (let i = 0; i < 10_000 && Date.now() < until; i++) {
      status = (await env.http.get(accepted.body.statusUrl)).body;
      if (status.status === 'completed' || status.status === 'failed') break;
      await sleep(500);
    }
    expect(status).toMatchObject({ status: 'completed', processed: N, total: N });
    expect(status.result).toMatchObject({ created: N, skipped: 0, contactsCreated: N, errors: [] });
    expect(new Set(status.result.createdIds).size).toBe(N);
    const last = await env.http.get(`/api/companies/${status.result.createdIds[N - 1]}`);
    expect(last.body).toMatchObject({ name: `Компания ${N - 1}`, domain: `large-${N - 1}.example.ru`, industry: rows[0].Industry });
  }, 1_800_000);
});
