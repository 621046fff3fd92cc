import type { Deps } from '../../shared/runtime/deps.js';
import { IMPORT_QUEUE, runImportJob, type ImportJobMessage } from '../../shared/imports/jobs.js';
import type { BackgroundService } from './background.js';
import { LocalWorkQueue } from './local-queue.js';

/** The local stand-in for the `imports` SQS queue + worker Lambda: one job at a time (lease 16 min, as in AWS). */
export async function startImportWorker(deps: Deps): Promise<BackgroundService> {
  const queue = deps.queue;
  if (!(queue instanceof LocalWorkQueue)) return { name: 'imports', stop: async () => undefined };
  const consumer = queue.consume(IMPORT_QUEUE, (m) => runImportJob(deps, m.body as ImportJobMessage), { concurrency: 1, visibilityMs: 16 * 60_000 });
  return { name: 'imports', stop: () => consumer.stop() };
}
