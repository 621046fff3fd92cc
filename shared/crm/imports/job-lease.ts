import { ConditionFailed, type Item, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { ImportJob } from './entities.js';
import { IMPORT_QUEUE } from './jobs.js';
import { forEachTenant } from '../../workspace/tenancy/each-tenant.js';

/**
 * Who runs an import job: a worker claims it with a lease (`leaseUntil`, renewed after each chunk),
 * so a second delivery of its message while the worker lives does nothing, and a job whose worker died
 * (kill -9, a Lambda cut at its timeout) is found by the next import message of the tenant once the
 * lease has run out, and queued again at once, instead of waiting for the queue's own redelivery (the
 * message's 16-minute visibility timeout). Locally the runtime also releases dead message leases at
 * start (the `local.onStart` of shared/crm/imports/background.ts).
 */
export const JOB_LEASE_MS = 5 * 60_000;

/**
 * Claims the job for this worker until now + JOB_LEASE_MS: the lease's value and the job as the claim
 * left it (one write, no read after it), or undefined when another live worker holds it. The claim
 * also marks the job running (and when it started), so the status view says so before the first chunk
 * is recorded.
 */
export async function claimJob<T extends Item>(table: TableStore, jobId: string, now: number): Promise<{ leaseUntil: number; job: T } | undefined> {
  const leaseUntil = now + JOB_LEASE_MS;
  try {
    const job = await table.update<T>(ImportJob.key({ jobId }), {
      set: { leaseUntil, status: 'running' },
      setIfMissing: { startedAt: new Date(now).toISOString() },
      condition: {
        expression: '(attribute_not_exists(leaseUntil) OR leaseUntil < :now) AND #s IN (:queued, :running)',
        names: { '#s': 'status' },
        values: { ':now': now, ':queued': 'queued', ':running': 'running' },
      },
    });
    return { leaseUntil, job };
  } catch (e) {
    if (e instanceof ConditionFailed) return undefined;
    throw e;
  }
}

/**
 * The progress write of a chunk renews the lease, on condition that this worker still holds it: a
 * worker whose lease ran out (a chunk slower than JOB_LEASE_MS) and was taken over stops there, so two
 * workers overlap by one chunk at most (chunks dedupe through the markers).
 */
export const renewLease = (held: number, now: number) => ({
  set: { leaseUntil: now + JOB_LEASE_MS },
  condition: { expression: 'leaseUntil = :held', values: { ':held': held } },
});

/**
 * Queues again every open job of the tenant whose lease ran out (its worker died mid-job). Run by the
 * worker before each job and by every import start of the tenant: "the next message". A job resent
 * twice is claimed once (claimJob). Returns the ids resent.
 */
export async function resumeStalledJobs(deps: Deps, tenantId: string, table: TableStore): Promise<string[]> {
  if (!deps.queue) return [];
  const now = deps.clock.now();
  const resent: string[] = [];
  const open = await table.query<{ id: string; leaseUntil?: number }>({ ...ImportJob.query('open', {}), limit: 50 });
  for (const job of open.items) {
    // No lease: never claimed, its first message is still queued.
    if (job.leaseUntil === undefined || job.leaseUntil >= now) continue;
    await deps.queue.send(IMPORT_QUEUE, { tenantId, jobId: job.id });
    resent.push(job.id);
  }
  if (resent.length) log.info('import jobs resumed after their worker died', { tenantId, jobs: resent });
  return resent;
}

/**
 * The local runtime at start: it is the only consumer of its tables, so every job lease is held by a
 * process that died; released before the worker takes messages, so the jobs resume at once.
 */
export async function releaseAllJobLeases(deps: Deps): Promise<number> {
  const { total } = await forEachTenant(deps, 'import job lease release', async (tenantId) => {
    const table = deps.tenantTable(tenantId);
    const open = await table.query<{ id: string; leaseUntil?: number }>({ ...ImportJob.query('open', {}), limit: 100 });
    const held = open.items.filter((j) => j.leaseUntil !== undefined);
    for (const job of held) await table.update(ImportJob.key({ jobId: job.id }), { remove: ['leaseUntil'] });
    return held.length;
  });
  return total;
}
