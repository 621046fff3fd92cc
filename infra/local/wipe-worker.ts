import type { Deps } from '../../shared/runtime/deps.js';
import { WIPE_QUEUE, runWipe, type WipeMessage } from '../../shared/settings/wipe.js';
import type { BackgroundService } from './background.js';
import { LocalWorkQueue } from './local-queue.js';

/** The local stand-in for the `workspace-wipe` SQS queue + worker Lambda (one wipe at a time). */
export async function startWipeWorker(deps: Deps): Promise<BackgroundService> {
  const queue = deps.queue;
  if (!(queue instanceof LocalWorkQueue)) return { name: 'workspace-wipe', stop: async () => undefined };
  const consumer = queue.consume(WIPE_QUEUE, (m) => runWipe(deps, m.body as WipeMessage), { concurrency: 1, visibilityMs: 5 * 60_000 });
  return { name: 'workspace-wipe', stop: () => consumer.stop() };
}
