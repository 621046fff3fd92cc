import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { aiProvider, breakerFor } from '../../platform/ai/provider.js';
import { Campaign, type CampaignRecord } from './entities.js';
import { getCampaignItem, logActivity, updateCampaign } from './campaigns.js';
import { syncCampaign } from './lifecycle.js';
import { retryAiFailures } from './recovery.js';
import { restartStalePreparation } from './prepare.js';
import { forEachTenant } from '../../workspace/tenancy/each-tenant.js';

/**
 * The background conveyor of one tenant (EventBridge schedule in AWS, a timer locally), over its
 * DRAFT/ACTIVE campaigns:
 * - a send task paused by the engine (balance spent, sender problem) pauses an ACTIVE campaign with that reason;
 * - a DEGRADED campaign whose pipeline.retryAt has passed probes its AI provider: back → AI failures
 *   return to SCREENED, a new preparation starts and the campaign is NORMAL again; still down →
 *   retryAt moves on. READY recipients were never held back (the send engine does not need the AI);
 * - a preparation whose execution is gone is taken over: resumed in place when a previous local runtime
 *   instance ran it (its process died with the execution), superseded when it made no step for
 *   STALE_MS (preparation-runs.ts).
 */
export async function runConveyorTenant(deps: Deps, tenantId: string) {
  const table = deps.tenantTable(tenantId);
  const page = await table.query<CampaignRecord>({
    ...Campaign.query('byCreated', {}),
    limit: 200,
    filter: { expression: '#s IN (:a, :d)', names: { '#s': 'status' }, values: { ':a': 'ACTIVE', ':d': 'DRAFT' } },
  });
  for (const c of page.items) {
    try {
      const synced = await syncCampaign(deps, tenantId, c.campaignId);
      if (synced.operationalState === 'DEGRADED' && synced.status !== 'PAUSED') await recoverIfBack(deps, tenantId, synced);
      else await restartStalePreparation(deps, tenantId, synced);
    } catch (e) {
      log.warn('campaign conveyor failed', { tenantId, campaignId: c.campaignId, message: (e as Error).message });
    }
  }
}

async function recoverIfBack(deps: Deps, tenantId: string, c: CampaignRecord) {
  const now = deps.clock.now();
  if (c.pipeline?.retryAt && Date.parse(c.pipeline.retryAt) > now) return;
  const ai = aiProvider(deps.config.ai);
  const health = breakerFor(ai.name, deps.config.ai).health();
  let back = health.state !== 'open';
  if (back && ai.name !== 'builtin')
    back = await ai.complete({ prompt: 'Answer with the single word: ok', timeoutMs: 5000, maxTokens: 5 }).then(
      () => true,
      () => false,
    );
  const table = deps.tenantTable(tenantId);
  if (!back) {
    const retryAt = new Date(Math.max(now + (deps.config.ai.breakerCooldownMs || 30_000), Date.parse(health.openUntil ?? '') || 0)).toISOString();
    await updateCampaign(
      table,
      await getCampaignItem(table, c.campaignId),
      { pipeline: { ...(c.pipeline ?? { lastError: null, provider: ai.name }), retryAt } },
      now,
    );
    return;
  }
  const actor = { kind: 'system', id: 'conveyor' };
  const recovery = await retryAiFailures(deps, tenantId, c.campaignId, actor, { breakerCleared: true });
  if (recovery.reason !== 'retried') {
    const fresh = await getCampaignItem(table, c.campaignId);
    await updateCampaign(table, fresh, { operationalState: 'NORMAL', primaryBlocker: null, pipeline: null }, now);
  }
  await logActivity(deps, table, c.campaignId, actor, 'ai_recovered', 'provider_back', { reset: recovery.reset });
}

/** Every tenant's conveyor, one after the other (bounded pages of tenants). */
export async function runConveyor(deps: Deps) {
  await forEachTenant(deps, 'campaign conveyor', (tenantId) => runConveyorTenant(deps, tenantId));
}
