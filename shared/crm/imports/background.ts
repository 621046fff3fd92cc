import { defineWorker } from '../../platform/registry/background.js';
import { log } from '../../platform/runtime/logger.js';
import { releaseAllJobLeases } from './job-lease.js';
import { IMPORT_QUEUE, runImportJob, type ImportJobMessage } from './jobs.js';
import { recoverAllTenantImports } from './recovery.js';

/**
 * The `imports` consumer: runs or resumes one import job (it records its own failure; a throw is an
 * infrastructure fault, retried from the last chunk). 15 minutes: a 10,000-row import with room;
 * visibility 16 min > that. Two jobs at a time (a job resumed at start runs beside a new one).
 */
export const importWorker = defineWorker<ImportJobMessage>({
  name: 'companies_import_worker',
  tag: 'companies',
  queue: IMPORT_QUEUE,
  handler: runImportJob,
  visibility: 960,
  maxReceives: 3,
  batchSize: 1,
  concurrency: 2,
  timeout: 900,
  memorySize: 1024,
  resources: ['tenantTables'],
  local: {
    // The local runtime is the only consumer of its tables: a job message leased by a process that died
    // resumes at once at its last chunk instead of after the 16-minute lease.
    reclaimOnStart: true,
    async onStart(deps) {
      // Job leases (job-lease.ts) of the dead process too, before a message is taken: the jobs resume at once.
      await releaseAllJobLeases(deps).catch((e) => log.warn('import job lease release failed', { message: (e as Error).message }));
      // Every tenant's open import journals are repaired beside the consumer.
      void recoverAllTenantImports(deps)
        .then((repaired) => repaired && log.info('import recovery at start', { journalsRepaired: repaired }))
        .catch((e) => log.warn('import recovery at start failed', { message: (e as Error).message }));
    },
  },
});
