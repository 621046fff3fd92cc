import type { Deps } from '../../shared/runtime/deps.js';
import { log } from '../../shared/runtime/logger.js';
import { IMPORT_QUEUE, runImportJob, type ImportJobMessage } from '../../shared/imports/jobs.js';
import { recoverAllTenantImports } from '../../shared/imports/recovery.js';
import { releaseAllJobLeases } from '../../shared/imports/job-lease.js';
import type { BackgroundService } from './background.js';
import { LocalQueueKeys, LocalWorkQueue } from './local-queue.js';

/**
 * The local stand-in for the `imports` SQS queue + worker Lambda: two jobs at a time (lease 16 min, as
 * in AWS; a job resumed at start runs beside a new one). At start it runs the recovery pass of imports:
 * a lease on an import job message is held by a process that died (this runtime is the only consumer
 * of its table), so the job is made visible again at once and resumes at its last chunk instead of
 * after the 16-minute lease; and every tenant's open import journals are repaired.
 */
export async function startImportWorker(deps: Deps): Promise<BackgroundService> {
  const queue = deps.queue;
  if (!(queue instanceof LocalWorkQueue)) return { name: 'imports', stop: async () => undefined };
  const released = await releaseDeadLeases(deps);
  // Job leases (job-lease.ts) of the dead process too, before a message is taken: the jobs resume at once.
  await releaseAllJobLeases(deps).catch((e) => log.warn('import job lease release failed', { message: (e as Error).message }));
  const recovery = recoverAllTenantImports(deps)
    .then((repaired) => (released || repaired) && log.info('import recovery at start', { jobsResumed: released, journalsRepaired: repaired }))
    .catch((e) => log.warn('import recovery at start failed', { message: (e as Error).message }));
  const consumer = queue.consume(IMPORT_QUEUE, (m) => runImportJob(deps, m.body as ImportJobMessage), { concurrency: 2, visibilityMs: 16 * 60_000 });
  return { name: 'imports', stop: async () => (await recovery, await consumer.stop()) };
}

/** Makes every leased import message visible now (the same conditional update a receive uses). Returns how many. */
async function releaseDeadLeases(deps: Deps) {
  const now = deps.clock.now();
  let released = 0;
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const r = await deps.platform.query<{ id: string; gsi1sk: string; lease?: string }>({
      pk: LocalQueueKeys.message(IMPORT_QUEUE, '').pk,
      limit: 100,
      cursor,
    });
    for (const m of r.items.filter((x) => x.lease)) {
      await deps.platform
        .update(LocalQueueKeys.message(IMPORT_QUEUE, m.id), {
          set: LocalQueueKeys.ready(IMPORT_QUEUE, now, m.id),
          remove: ['lease'],
          condition: { expression: 'gsi1sk = :seen', values: { ':seen': m.gsi1sk } },
        })
        .then(() => released++)
        .catch(() => undefined); // taken meanwhile: nothing to release
    }
    cursor = r.cursor;
    if (!cursor) break;
  }
  return released;
}
