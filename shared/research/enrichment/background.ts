import { defineMachine, defineSchedule, defineWorker } from '../../platform/registry/background.js';
import { log } from '../../platform/runtime/logger.js';
import { forEachTenant } from '../../workspace/tenancy/each-tenant.js';
import type { ScoreMessage } from '../scoring/results.js';
import { closeBrowser } from './crawl/browser.js';
import { LOCAL_ENRICHMENT_TASK_ARN, readSiteEnrichmentAsl, runEnrichmentStep } from './machine.js';
import { activeTasks, reclaim, watchdogScan, type CrawlMessage, type RunInput } from './run.js';
import { CRAWL_QUEUE, ENRICHMENT_MACHINE } from './settings.js';
import { sweepRaw } from './views.js';
import { handleCrawlMessage } from './worker.js';

/** The site-enrichment machine (statemachines/site-enrichment.asl.json): dispatch / check steps. */
export const siteEnrichmentMachine = defineMachine<RunInput & { action: 'dispatch' | 'check' }>({
  name: 'site_enrichment_step',
  tag: 'enrichment',
  machine: ENRICHMENT_MACHINE,
  asl: readSiteEnrichmentAsl,
  taskArnVariable: 'SiteEnrichmentTaskArn',
  localTaskArn: LOCAL_ENRICHMENT_TASK_ARN,
  task: runEnrichmentStep,
  timeout: 300,
  resources: ['tenantTables', 'platformTable:write', `queue:${CRAWL_QUEUE}`],
  local: {
    // Executions die with the process: RUNNING tasks of a previous one are reclaimed (interrupted + resumed_after_restart).
    async onStart(deps) {
      for (const a of await activeTasks(deps).catch(() => []))
        await reclaim(deps, a.tenantId, a.taskId, 'restart', deps.config.enrichment.maxResumeAttempts).catch((e) =>
          log.warn('site enrichment restart scan failed', { taskId: a.taskId, message: (e as Error).message }),
        );
    },
  },
});

/**
 * The `crawls` consumer: up to HOSTS_PER_MESSAGE (4) host visits at once (or one scoring item) per
 * message, four messages at once per invocation. Visibility 16 min > the 15 min timeout (a message's
 * hosts are visited in parallel, so it takes about one host: robots + two pages, each ≤ 120 s, with
 * retries; the local runtime's 5 min could hand a host still being visited to a second worker).
 * Four invocations of four: 16 messages, up to 64 hosts in flight, the same locally.
 */
export const crawlWorker = defineWorker<CrawlMessage | ScoreMessage>({
  name: 'crawl_worker',
  tag: 'enrichment',
  queue: CRAWL_QUEUE,
  handler: handleCrawlMessage,
  visibility: 960,
  maxReceives: 5,
  batchSize: 4,
  concurrency: 4,
  parallel: true,
  timeout: 900,
  chromium: true, // the browser path: @sparticuz/chromium from the shared layer
  resources: ['tenantTables', 'files'], // files: saveScreenshot JPEGs
  local: { concurrency: (local) => local.enrichmentWorkers, onStop: () => closeBrowser() },
});

/** The stall watchdog every minute; in the minute after the hour also the RawFetch sweep of every tenant. */
export const siteEnrichmentWatchdog = defineSchedule({
  name: 'site_enrichment_watchdog',
  tag: 'enrichment',
  every: { minutes: 1 },
  async handler(deps) {
    const s = deps.config.enrichment;
    const reclaimed = await watchdogScan(deps, s.stallMs, s.maxResumeAttempts);
    let swept = 0;
    if (new Date(deps.clock.now()).getUTCMinutes() === 0)
      swept = (await forEachTenant(deps, 'raw fetch sweep', (tenantId) => sweepRaw(deps.tenantTable(tenantId), deps.clock.now()))).total;
    return { reclaimed, swept };
  },
  timeout: 300,
  resources: ['tenantTables', 'platformTable:write', `workflow:${ENRICHMENT_MACHINE}`],
  local: { everyMs: (local) => local.enrichmentWatchdogMs },
});
