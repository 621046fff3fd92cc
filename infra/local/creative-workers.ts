import { log } from '../../shared/runtime/logger.js';
import type { Deps } from '../../shared/runtime/deps.js';
import { LocalFileStore } from '../../shared/adapters/files/local-files.js';
import { closePdfBrowser } from '../../shared/creatives/pdf/chromium.js';
import { PDF_QUEUE, type PdfMessage } from '../../shared/creatives/pdf/generations.js';
import { runPdfGeneration } from '../../shared/creatives/pdf/worker.js';
import { PLACEMENT_QUEUE, type PlacementMessage } from '../../shared/creatives/placement.js';
import { runPlacementTest } from '../../shared/creatives/placement-worker.js';
import type { BackgroundService } from './background.js';
import { LocalWorkQueue } from './local-queue.js';

/**
 * The local stand-ins for the creatives' SQS queues + worker Lambdas:
 * - `creative-pdfs`: Chromium renders (two at a time: Chromium is heavy on a small machine), plus a
 *   sweep of expired files every 10 minutes;
 * - `creative-placement`: inbox-placement tests (send to seeds, watch their folders up to the test's
 *   timeout, at most 15 minutes: the lease is longer than that).
 */
export async function startCreativeWorkers(deps: Deps): Promise<BackgroundService> {
  const queue = deps.queue;
  if (!(queue instanceof LocalWorkQueue)) return { name: 'creatives', stop: async () => undefined };
  const pdfs = queue.consume(PDF_QUEUE, (m) => runPdfGeneration(deps, m.body as PdfMessage), { concurrency: 2, visibilityMs: 120_000 });
  const placement = queue.consume(PLACEMENT_QUEUE, (m) => runPlacementTest(deps, m.body as PlacementMessage), { concurrency: 4, visibilityMs: 20 * 60_000 });
  const timer = setInterval(() => {
    if (deps.files instanceof LocalFileStore) deps.files.sweepExpired().catch((e) => log.warn('file sweep failed', { message: (e as Error).message }));
  }, 600_000);
  timer.unref();
  return {
    name: 'creatives',
    async stop() {
      clearInterval(timer);
      await Promise.all([pdfs.stop(), placement.stop()]);
      await closePdfBrowser();
    },
  };
}
