import { pathToFileURL } from 'node:url';
import { createApprovedAccount } from '../support/accounts.js';
import { load, print, startBenchRuntime } from './support.js';

/**
 * GET /api/companies p50/p99 at 50 concurrent clients against the local runtime (in-memory DynamoDB
 * Local). Seeds BENCH_COMPANIES companies (default 1000) through the API first. Figures are printed,
 * never asserted. Standalone: `npx tsx test/bench/companies-list.ts`.
 */
export async function run() {
  const n = Number(process.env.BENCH_COMPANIES ?? 1000);
  const requests = Number(process.env.BENCH_REQUESTS ?? 500);
  const rt = await startBenchRuntime();
  try {
    const acc = await createApprovedAccount(rt.deps);
    const headers = { authorization: `Bearer ${acc.apiKey}`, 'x-tenant-id': acc.tenantId, 'content-type': 'application/json' };
    const post = (p: string, body: unknown) => fetch(rt.url + p, { method: 'POST', headers, body: JSON.stringify(body) });
    const get = (p: string) => fetch(rt.url + p, { headers });
    await post('/api/companies/custom-fields', { slug: 'employees', label: 'Employees', fieldType: 'number' });
    const cities = ['Berlin', 'Paris', 'Madrid', 'Rome', 'Vienna', 'Lisbon', 'Warsaw', 'Prague', 'Oslo', 'Dublin'];
    const seeded = await load(
      n,
      20,
      async (i) =>
        (
          await post('/api/companies', {
            name: `Company ${i}`,
            domain: `c${i}.example.com`,
            city: cities[i % cities.length],
            industry: i % 3 ? 'Software' : 'Retail',
            customFields: { employees: (i * 37) % 5000 },
          })
        ).status === 201,
    );

    // Cursors of the first pages, to measure deep pages too.
    const cursors: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const body = (await (await get(`/api/companies?pageSize=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).json()) as {
        nextCursor: string | null;
      };
      if (!body.nextCursor) break;
      cursors.push((cursor = body.nextCursor));
    }
    const f = (rules: unknown) => encodeURIComponent(JSON.stringify(rules));
    const scenarios: [string, (i: number) => string][] = [
      ['first page (pageSize 50)', () => '/api/companies?pageSize=50'],
      ['page 2-10 by cursor', (i) => `/api/companies?pageSize=50&cursor=${encodeURIComponent(cursors[i % cursors.length])}`],
      ['pageSize 200', () => '/api/companies?pageSize=200'],
      ['sort=name', () => '/api/companies?pageSize=50&sort=name'],
      ['city equals (1 in 10 match)', () => `/api/companies?pageSize=50&filters=${f([{ field: 'city', operator: 'equals', value: 'Paris' }])}`],
      ['name contains (rare match)', () => `/api/companies?pageSize=50&filters=${f([{ field: 'name', operator: 'contains', value: 'company 19' }])}`],
      ['cf_employees gt 4500 (gsi2 range)', () => `/api/companies?pageSize=50&filters=${f([{ field: 'cf_employees', operator: 'gt', value: 4500 }])}`],
      ['sort=-cf_employees', () => '/api/companies?pageSize=50&sort=-cf_employees'],
    ];
    await load(200, 10, async () => (await get(scenarios[0][1](0))).ok); // warm-up
    const rows: Record<string, unknown>[] = [{ route: `seed: POST /api/companies x${n} (20 clients)`, ...seeded }];
    console.log(`seeded ${n} companies: p50 ${seeded.p50} ms, p99 ${seeded.p99} ms`);
    // Service time without queueing, for reading the 50-client figures (which are throughput-bound locally).
    const single = await load(100, 1, async () => (await get(scenarios[0][1](0))).ok);
    console.log(`GET /api/companies first page, 1 client: p50 ${single.p50} ms, p99 ${single.p99} ms`);
    rows.push({ route: 'GET /api/companies first page (1 client, reference)', ...single });
    for (const [label, url] of scenarios) {
      const r = await load(requests, 50, async (i) => (await get(url(i))).ok);
      console.log(`GET /api/companies ${label}: p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rps} req/s, errors ${r.errors}`);
      rows.push({ route: `GET /api/companies ${label}`, ...r });
    }
    print(`GET /api/companies against the local runtime, ${n} companies, 50 concurrent clients (ms)`, rows);
    return rows;
  } finally {
    await rt.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
