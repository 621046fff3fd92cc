/**
 * Site enrichment task benchmark: the whole path of a task in the local runtime, not just the crawl
 * engine (site-crawl.ts): workflow dispatch, the durable `crawls` queue, SITE_ENRICHMENT_WORKERS (16)
 * workers, each company's claim + counters + event all-or-nothing (the crash-safe bookkeeping), the
 * appends that queue up while one is being written going together in one transaction per task
 * (shared/enrichment/event-commit.ts), card merges and raw rows.
 * BENCH_CRAWL_TASK_SITES (default 500, the task maximum) fetch-path sites; BENCH_CRAWL_TASK_WORKERS (default 16). Run: `npm run bench site-task-crawl`.
 */
import { pathToFileURL } from 'node:url';
import { createApprovedAccount } from '../support/accounts.js';
import { startDnsServer } from '../support/dns-server.js';
import { client } from '../support/runtime.js';
import { page, startSiteFarm } from '../support/site-farm.js';
import { startBenchRuntime } from './support.js';

export async function run() {
  const n = Math.min(500, Number(process.env.BENCH_CRAWL_TASK_SITES) || 500);
  const sites: Record<string, Record<string, string>> = {};
  for (let i = 0; i < n; i++) sites[`t${i}.bench.test`] = { '/': page(`Site ${i}`, `<p>Company ${i}: mail info@t${i}.bench.test, call +7 495 123-45-67</p>`) };
  const farm = await startSiteFarm(sites);
  const dns = await startDnsServer(Object.fromEntries(Object.keys(sites).map((h) => [h, { A: ['127.0.0.1'] }])));
  const rt = await startBenchRuntime({
    DNS_SERVERS: dns.address,
    SVC_ALLOW_LOOPBACK_TARGETS: 'true',
    SITE_ENRICHMENT_POLITENESS_MS: '0',
    SITE_ENRICHMENT_BROWSER: 'off',
    SITE_ENRICHMENT_WORKERS: process.env.BENCH_CRAWL_TASK_WORKERS || '16',
  });
  try {
    const api = client(rt.url, { key: (await createApprovedAccount(rt.deps, { scopes: ['*'] })).apiKey });
    const ids: string[] = [];
    for (let i = 0; i < n; i += 25)
      ids.push(
        ...(
          await Promise.all(
            Array.from({ length: Math.min(25, n - i) }, (_, k) => api.post('/api/companies', { name: `t${i + k}`, website: farm.url(`t${i + k}.bench.test`) })),
          )
        ).map((r) => r.body.id as string),
      );
    const t = performance.now();
    const { taskId } = (await api.post('/api/site-enrichment/tasks', { companyIds: ids, maxAttempts: 1 })).body;
    let task: any;
    for (let i = 0; i < 2400 && !['DONE', 'PARTIAL', 'FAILED'].includes((task = (await api.get(`/api/site-enrichment/tasks/${taskId}`)).body).status); i++)
      await new Promise((r) => setTimeout(r, 250));
    const min = (performance.now() - t) / 60_000;
    const events: { seq: number }[] = [];
    for (let cursor = 0, i = 0; i < 20; i++) {
      const page = (await api.get(`/api/site-enrichment/tasks/${taskId}/events?limit=500&cursor=${cursor}`)).body;
      events.push(...page.data);
      if (!page.hasMore) break;
      cursor = page.cursor;
    }
    const gapFree = events.every((e, i) => e.seq === i + 1);
    console.log(
      `task path: ${n} sites, ${process.env.BENCH_CRAWL_TASK_WORKERS || 16} workers, status ${task.status}, ${task.counters.ok} OK, ${Math.round(task.counters.processed / min)} pages/min end to end (${events.length} events, seq gap-free: ${gapFree})`,
    );
  } finally {
    await rt.stop();
    await farm.stop();
    await dns.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
