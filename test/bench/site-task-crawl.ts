/**
 * Site enrichment task benchmark: the whole path of a task in the local runtime, not just the crawl
 * engine (site-crawl.ts): workflow dispatch, the durable `crawls` queue, SITE_ENRICHMENT_WORKERS (16)
 * workers, each company's claim + counters + event all-or-nothing (the crash-safe bookkeeping), the
 * appends that queue up while one is being written going together in one transaction per task
 * (shared/research/enrichment/event-commit.ts), card merges and raw rows. It prints where a page's time goes (the
 * worker's handler, its store calls by method and item kind, the crawl engine, CPU of this process and of
 * DynamoDB Local) and the write units by item kind.
 * BENCH_CRAWL_TASK_SITES (default 500, the task maximum) fetch-path sites; BENCH_CRAWL_TASK_WORKERS (default 16). Run: `npm run bench site-task-crawl`.
 *
 * Also the DynamoDB units the task consumed per crawled page and the AWS cost per 1,000 pages at on-demand
 * list prices (us-east-1, 2026): DynamoDB $1.25 per million write units, $0.25 per million read units;
 * SQS $0.40 per million requests (send, receive, delete of each crawls message: up to four hosts each); Step Functions
 * Standard $0.025 per 1,000 transitions (Dispatch and Route, then Wait, Check and Route every Wait seconds while the
 * task runs, at the measured duration); Lambda arm64 $0.0000133334 per GB-s at 1 s of 512 MB per page (a
 * remote site answers in hundreds of milliseconds; loopback here answers at once, so the measured CPU would
 * understate it) + $0.20 per million requests. The local queue's items (SQS in AWS) are taken out of the units.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { pathToFileURL } from 'node:url';
import { consumedCapacity, resetCapacity } from '../../shared/platform/adapters/dynamodb/consumed-capacity.js';
import { crawlWorker } from '../../shared/research/enrichment/background.js';
import { EnrichmentTask, type TaskRecord } from '../../shared/research/enrichment/entities.js';
import { readSiteEnrichmentAsl } from '../../shared/research/enrichment/machine.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startDnsServer } from '../support/dns-server.js';
import { client } from '../support/runtime.js';
import { page, startSiteFarm } from '../support/site-farm.js';
import { print, processTreeCpuMs, startBenchRuntime, timeStoreCalls } from './support.js';

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
  // The crawl worker's handler runs inside `inHandler`: its wall time, and which store calls it made.
  const inHandler = new AsyncLocalStorage<true>();
  const handler = crawlWorker.handler;
  const handled = { messages: 0, ms: 0 };
  crawlWorker.handler = async (deps, m) => {
    const t = performance.now();
    try {
      return await inHandler.run(true, () => handler(deps, m));
    } finally {
      handled.messages++;
      handled.ms += performance.now() - t;
    }
  };
  const storeCalls = timeStoreCalls(inHandler);
  try {
    const account = await createApprovedAccount(rt.deps, { scopes: ['*'] });
    const api = client(rt.url, { key: account.apiKey });
    const ids: string[] = [];
    for (let i = 0; i < n; i += 25)
      ids.push(
        ...(
          await Promise.all(
            Array.from({ length: Math.min(25, n - i) }, (_, k) => api.post('/api/companies', { name: `t${i + k}`, website: farm.url(`t${i + k}.bench.test`) })),
          )
        ).map((r) => r.body.id as string),
      );
    resetCapacity();
    for (const k of Object.keys(storeCalls.rows)) delete storeCalls.rows[k];
    Object.assign(handled, { messages: 0, ms: 0 });
    const cpuBefore = { node: process.cpuUsage(), store: processTreeCpuMs(rt.dynamo?.pid) };
    const t = performance.now();
    const { taskId } = (await api.post('/api/site-enrichment/tasks', { companyIds: ids, maxAttempts: 1 })).body;
    let task: any;
    for (let i = 0; i < 2400 && !['DONE', 'PARTIAL', 'FAILED'].includes((task = (await api.get(`/api/site-enrichment/tasks/${taskId}`)).body).status); i++)
      await new Promise((r) => setTimeout(r, 250));
    const min = (performance.now() - t) / 60_000;
    const nodeCpu = process.cpuUsage(cpuBefore.node);
    const storeCpuMs = processTreeCpuMs(rt.dynamo?.pid) - cpuBefore.store;
    const stored = (await rt.deps.tenantTable(account.tenantId).get<TaskRecord>(EnrichmentTask.key({ taskId })))!;
    const units = { ...consumedCapacity, byKind: { ...consumedCapacity.byKind } };
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
    const pages = Math.max(1, task.counters.processed as number);
    const queue = Object.entries(units.byKind).filter(([kind]) => /(^|:)LQ\b/.test(kind));
    const wru = Math.max(0, units.write - queue.reduce((sum, [, c]) => sum + c.write, 0)) / pages;
    const rru = Math.max(0, units.read - queue.reduce((sum, [, c]) => sum + c.read, 0)) / pages;
    const transitions = 2 + 3 * Math.ceil((min * 60) / (JSON.parse(readSiteEnrichmentAsl()).States.Wait.Seconds as number));
    const perThousand = {
      dynamodb: ((wru * 1.25 + rru * 0.25) / 1e6) * 1000,
      sqs: ((3 * 0.4) / 1e6) * 1000 * (handled.messages / pages),
      stepFunctions: (((transitions / pages) * 0.025) / 1000) * 1000,
      lambda: (1 * 0.5 * 0.0000133334 + 0.2 / 1e6) * 1000,
    };
    print('Site enrichment task: DynamoDB units per crawled page and the AWS cost per 1,000 pages (list prices)', [
      {
        pages,
        writeUnitsPerPage: Number(wru.toFixed(2)),
        readUnitsPerPage: Number(rru.toFixed(2)),
        txConflictRetries: units.conflictRetries,
        stateTransitionsPerTask: transitions,
        awsUsdPer1000: Number(
          Object.values(perThousand)
            .reduce((a, b) => a + b, 0)
            .toFixed(4),
        ),
        dynamoUsdPer1000: Number(perThousand.dynamodb.toFixed(4)),
        sqsUsdPer1000: Number(perThousand.sqs.toFixed(4)),
        stepFunctionsUsdPer1000: Number(perThousand.stepFunctions.toFixed(4)),
        lambdaUsdPer1000: Number(perThousand.lambda.toFixed(4)),
      },
    ]);
    const perPage = (x: number) => Number((x / pages).toFixed(2));
    const storeMs = Object.values(storeCalls.rows).reduce((sum, r) => sum + r.insideMs, 0);
    print('Where a crawled page goes: wall time per page (ms; concurrent work overlaps, so the rows add up to more than elapsed), CPU per page', [
      {
        pages,
        elapsedMsPerPage: Number(((min * 60_000) / pages).toFixed(1)),
        crawlMessages: handled.messages,
        handlerMsPerPage: perPage(handled.ms),
        handlerStoreMsPerPage: perPage(storeMs),
        handlerRestMsPerPage: perPage(handled.ms - storeMs), // the crawl engine (fetch, parse) and the handler's own code
        // From the last company's progress stamp (taken before its card merge and claim) to the task's finish.
        lastProgressToFinishMs: Math.round(Date.parse(stored.finishedAt ?? '') - (stored.lastProgressAt ?? 0)),
        nodeCpuMsPerPage: perPage((nodeCpu.user + nodeCpu.system) / 1000),
        storeCpuMsPerPage: perPage(storeCpuMs),
      },
    ]);
    print(
      'Store calls per crawled page by method and item kind (wall ms summed over concurrent calls; inHandler: made by the crawl worker)',
      Object.entries(storeCalls.rows)
        .map(([call, r]) => ({
          call,
          calls: perPage(r.calls),
          ms: perPage(r.ms),
          inHandlerMs: perPage(r.insideMs),
          msPerCall: Number((r.ms / r.calls).toFixed(1)),
        }))
        .filter((r) => r.calls >= 0.01)
        .sort((a, b) => b.ms - a.ms),
    );
    print(
      'DynamoDB units per crawled page by item kind (pk/sk prefix; tx: a transaction; the local queue is SQS in AWS)',
      Object.entries(units.byKind)
        .map(([kind, c]) => ({ kind, writeUnits: perPage(c.write), readUnits: perPage(c.read), calls: perPage(c.calls) }))
        .filter((r) => r.writeUnits + r.readUnits >= 0.01)
        .sort((a, b) => b.writeUnits - a.writeUnits || b.readUnits - a.readUnits),
    );
  } finally {
    storeCalls.stop();
    crawlWorker.handler = handler;
    await rt.stop();
    await farm.stop();
    await dns.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
