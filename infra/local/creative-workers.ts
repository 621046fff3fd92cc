import { log } from '../../shared/ports/logger.js';
import type { Deps } from '../../shared/runtime/deps.js';
import { LocalFileStore } from '../../shared/adapters/files/local-files.js';
import { closePdfBrowser } from '../../shared/creatives/pdf/chromium.js';
import { PDF_QUEUE, runPdfGeneration, type PdfMessage } from '../../shared/creatives/pdf/generations.js';
import type { BackgroundService } from './background.js';
import { LocalWorkQueue } from './local-queue.js';

/**
 * The local stand-in for the PDF SQS queue + worker Lambda: consumes `creative-pdfs` (two documents at
 * a time: Chromium is heavy on a small machine) and sweeps expired files every 10 minutes.
 */
export async function startPdfWorker(deps: Deps): Promise<BackgroundService> {
  const queue = deps.queue;
  if (!(queue instanceof LocalWorkQueue)) return { name: 'creative-pdfs', stop: async () => undefined };
  const consumer = queue.consume(PDF_QUEUE, (m) => runPdfGeneration(deps, m.body as PdfMessage), { concurrency: 2, visibilityMs: 120_000 });
  const timer = setInterval(() => {
    if (deps.files instanceof LocalFileStore) deps.files.sweepExpired().catch((e) => log.warn('file sweep failed', { message: (e as Error).message }));
  }, 600_000);
  timer.unref();
  return {
    name: 'creative-pdfs',
    async stop() {
      clearInterval(timer);
      await consumer.stop();
      await closePdfBrowser();
    },
  };
}
