import type { AiProvider } from '../../platform/ports/ai.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { CampaignRecord } from './entities.js';
import { getCampaignItem, logActivity, updateCampaign } from './campaigns.js';

/** AI outage: the campaign stays in its status, operationalState DEGRADED, primaryBlocker AI_STAGES_HALTED, pipeline.retryAt. */
export async function markDegraded(deps: Deps, table: TableStore, c: CampaignRecord, ai: AiProvider, lastError?: string) {
  const now = deps.clock.now();
  const cooldown = deps.config.ai.breakerCooldownMs || 30_000;
  const retryAt = new Date(now + cooldown).toISOString();
  const fresh = await getCampaignItem(table, c.campaignId);
  await updateCampaign(
    table,
    fresh,
    {
      operationalState: 'DEGRADED',
      primaryBlocker: 'AI_STAGES_HALTED',
      pipeline: { retryAt, lastError: lastError ?? 'AI provider unavailable', provider: ai.name },
    },
    now,
  );
  if (fresh.operationalState !== 'DEGRADED')
    await logActivity(deps, table, c.campaignId, { kind: 'system' }, 'degraded', 'ai_provider_outage', { provider: ai.name, retryAt });
}
