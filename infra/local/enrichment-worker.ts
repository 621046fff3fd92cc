import { LocalWorkflows, substitute } from '../../shared/adapters/workflows/local-workflows.js';
import { closeBrowser } from '../../shared/enrichment/crawl/browser.js';
import { LOCAL_ENRICHMENT_TASK_ARN, readSiteEnrichmentAsl, runEnrichmentStep } from '../../shared/enrichment/machine.js';
import { activeTasks, reclaim, watchdogScan, type CrawlMessage, type RunInput } from '../../shared/enrichment/run.js';
import { CRAWL_QUEUE, ENRICHMENT_MACHINE } from '../../shared/enrichment/settings.js';
import { sweepRaw } from '../../shared/enrichment/views.js';
import { handleCrawlMessage } from '../../shared/enrichment/worker.js';
import { log } from '../../shared/runtime/logger.js';
import type { Deps } from '../../shared/runtime/deps.js';
import type { BackgroundService } from './background.js';
import { LocalWorkQueue } from './local-queue.js';
import { forEachTenant } from '../../shared/tenancy/each-tenant.js';

/**
 * Site enrichment in the embedded runtime: registers the ASL with the local workflow runner, consumes
 * the durable `crawls` queue (SITE_ENRICHMENT_WORKERS at once, default 16), runs the restart scan once
 * (RUNNING tasks of a previous process are reclaimed: interrupted + resumed_after_restart), the stall
 * watchdog every SITE_ENRICHMENT_WATCHDOG_MS (default 30 s) and the RawFetch sweep hourly.
 */
export async function startEnrichmentWorker(deps: Deps): Promise<BackgroundService> {
  const s = deps.config.enrichment;
  if (deps.workflows instanceof LocalWorkflows) {
    deps.workflows.register(ENRICHMENT_MACHINE, {
      definition: substitute(readSiteEnrichmentAsl(), { SiteEnrichmentTaskArn: LOCAL_ENRICHMENT_TASK_ARN }),
      task: (payload) => runEnrichmentStep(deps, payload as unknown as RunInput & { action: 'dispatch' | 'check' }),
    });
  }
  const queue = deps.queue;
  const consumer =
    queue instanceof LocalWorkQueue
      ? queue.consume(CRAWL_QUEUE, (m) => handleCrawlMessage(deps, m.body as CrawlMessage), {
          concurrency: deps.config.local.enrichmentWorkers,
          visibilityMs: 300_000,
        })
      : undefined;
  for (const a of await activeTasks(deps).catch(() => [])) {
    await reclaim(deps, a.tenantId, a.taskId, 'restart', s.maxResumeAttempts).catch((e) =>
      log.warn('site enrichment restart scan failed', { taskId: a.taskId, message: (e as Error).message }),
    );
  }
  let busy = false;
  const every = (ms: number, fn: () => Promise<unknown>) => {
    const t = setInterval(() => {
      if (busy) return;
      busy = true;
      fn()
        .catch((e) => log.warn('site enrichment background step failed', { message: (e as Error).message }))
        .finally(() => (busy = false));
    }, ms);
    t.unref();
    return t;
  };
  const timers = [
    every(deps.config.local.enrichmentWatchdogMs, () => watchdogScan(deps, s.stallMs, s.maxResumeAttempts)),
    every(3600_000, async () => {
      await forEachTenant(deps, 'raw fetch sweep', (tenantId) => sweepRaw(deps.tenantTable(tenantId), deps.clock.now()));
    }),
  ];
  return {
    name: 'site-enrichment',
    async stop() {
      timers.forEach(clearInterval);
      await consumer?.stop();
      while (busy) await new Promise((r) => setTimeout(r, 20));
      await closeBrowser();
    },
  };
}
