import { badRequest, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { tableNames } from '../../platform/data/schema.js';
import { runTenantInitializers } from '../tenancy/initializers.js';
import { WipeJob } from './entities.js';
import '../billing/tenant-init.js';

/**
 * Irreversible wipe of a workspace's data: the tenant's own table is dropped and created again
 * (isolation is structural, so the wipe is a table drop), then the tenant initializers run again
 * (default pipeline ...). The platform table keeps the account, memberships, keys, balance and ledger.
 * DynamoDB deletes and creates tables asynchronously (tens of seconds with three indexes), so the
 * call answers 202 with a job at once and a worker on the `workspace-wipe` queue does the work; the
 * job record lives in the platform table (the tenant table is what gets dropped).
 */
export const WIPE_CONFIRMATION = 'DELETE ALL DATA';
export const WIPE_QUEUE = 'workspace-wipe';
const JOB_TTL_S = 7 * 86_400;

export interface WipeMessage {
  tenantId: string;
  jobId: string;
  userId: string;
}
interface WipeJobItem {
  jobId: string;
  tenantId: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  requestedBy: string;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  error?: string;
}

const view = (j: WipeJobItem) => ({
  jobId: j.jobId,
  tenantId: j.tenantId,
  status: j.status,
  createdAt: j.createdAt,
  startedAt: j.startedAt ?? null,
  finishedAt: j.finishedAt ?? null,
  error: j.error ?? null,
  statusUrl: `/api/settings/delete-all-data/${j.jobId}`,
  kept: ['account', 'memberships', 'api keys', 'balance', 'ledger'],
});

export async function startWipe(deps: Deps, tenant: { tenantId: string; userId: string }, confirmation: string) {
  if (confirmation !== WIPE_CONFIRMATION) throw badRequest([`confirmation must be exactly '${WIPE_CONFIRMATION}'`], { code: 'confirmation_required' });
  if (!deps.queue) throw new Error('no work queue configured');
  const now = deps.clock.now();
  const jobId = newId(now);
  const job: WipeJobItem = { jobId, tenantId: tenant.tenantId, status: 'queued', requestedBy: tenant.userId, createdAt: new Date(now).toISOString() };
  await deps.platform.put(WipeJob.item({ tenantId: tenant.tenantId, jobId }, { ...job, ttl: Math.floor(now / 1000) + JOB_TTL_S }));
  await deps.queue.send(WIPE_QUEUE, { tenantId: tenant.tenantId, jobId, userId: tenant.userId } satisfies WipeMessage, { dedupeId: jobId });
  return view(job);
}

export async function getWipeJob(deps: Deps, tenantId: string, jobId: string) {
  const j = /^[A-Za-z0-9_-]{1,64}$/.test(jobId) ? await deps.platform.get<WipeJobItem>(WipeJob.key({ tenantId, jobId })) : undefined;
  if (!j) throw notFound('Wipe job');
  return view(j);
}

/** The worker: drop, recreate, re-initialise. Repeating it (a redelivered message) is harmless. */
export async function runWipe(deps: Deps, m: WipeMessage) {
  const key = WipeJob.key({ tenantId: m.tenantId, jobId: m.jobId });
  const job = await deps.platform.get<WipeJobItem>(key);
  if (!job || job.status === 'completed') return;
  const at = () => new Date(deps.clock.now()).toISOString();
  await deps.platform.update(key, { set: { status: 'running', startedAt: at() } });
  try {
    const name = tableNames(deps.config.tablePrefix).tenant(m.tenantId);
    await deps.tableAdmin.dropTable(name);
    await deps.tableAdmin.ensureTable(name);
    await runTenantInitializers(deps, { tenantId: m.tenantId, userId: m.userId });
    await deps.platform.update(key, { set: { status: 'completed', finishedAt: at() } });
  } catch (e) {
    await deps.platform.update(key, { set: { status: 'failed', finishedAt: at(), error: (e as Error).message.slice(0, 300) } });
    throw e;
  }
}
