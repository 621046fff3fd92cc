import { conflict } from '../../platform/errors.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { aiProvider, breakerFor } from '../../platform/ai/provider.js';
import { moveTask } from '../tasks/tasks.js';
import { enqueueQueuedItems } from '../sending/items.js';
import { type RecipientRecord } from './entities.js';
import { campaignView, getCampaignItem, logActivity, updateCampaign, type Actor } from './campaigns.js';
import { moveRecipients, recipientsIn, type Move } from './recipients.js';
import { startPreparation } from './prepare.js';
import { sendTaskOf, syncCampaign } from './lifecycle.js';

// Apart from lifecycle.ts: resume and the AI retry move recipients, enqueue sends and start a preparation
// (only its machine: the preparation's steps are prepare-step.ts), which reading or pausing a campaign does not need.

/**
 * Resume: PAUSED → ACTIVE (its send task resumes; a cause still present pauses it again), and in any
 * case the AI recovery: the provider's breaker is cleared and unsent AI failures go back to SCREENED
 * and are prepared again. DRAFT campaigns get the AI recovery only.
 */
export async function resumeCampaign(deps: Deps, tenantId: string, campaignId: string, actor: Actor) {
  const table = deps.tenantTable(tenantId);
  const c = await syncCampaign(deps, tenantId, campaignId);
  if (c.status === 'BLOCKED') throw conflict('The campaign is BLOCKED (manual moderation)', { code: 'campaign_blocked' });
  if (c.status === 'PAUSED') await updateCampaign(table, c, { status: 'ACTIVE', pauseReason: null, pausedBy: null }, deps.clock.now());
  // After syncCampaign an ACTIVE campaign's task is paused only as the echo of the campaign's pause
  // (a resume that stopped between its writes): a repeated resume finishes it.
  if (c.status === 'PAUSED' || c.status === 'ACTIVE') {
    const task = await sendTaskOf(table, campaignId);
    if (task?.status === 'PAUSED') {
      await moveTask(table, task, { status: 'ACTIVE', pauseReason: null, resumedAt: new Date(deps.clock.now()).toISOString() }, deps.clock.now());
      await enqueueQueuedItems(deps, tenantId, campaignId);
    }
  }
  if (c.status === 'PAUSED') await logActivity(deps, table, campaignId, actor, 'resumed', null);
  breakerFor(aiProvider(deps.config.ai).name, deps.config.ai).reset();
  const aiRecovery = await retryAiFailures(deps, tenantId, campaignId, actor, { breakerCleared: true });
  return { ...campaignView(await getCampaignItem(table, campaignId)), aiRecovery };
}

/**
 * CREATIVE_FAILED (AI failures) → SCREENED. reason: `retried` (reset > 0), `same_provider` (the
 * provider's breaker is still open: retrying now would fail the same way), `already_recovered` (the
 * conveyor or an earlier call already moved them back), `nothing_to_retry`. reset = 0 is not a failure.
 * Audit failures stay CREATIVE_FAILED (they are not AI failures); `failureReasons` counts every reason.
 */
export async function retryAiFailures(
  deps: Deps,
  tenantId: string,
  campaignId: string,
  actor: Actor,
  opts: { breakerCleared?: boolean; prepare?: boolean } = {},
) {
  const table = deps.tenantTable(tenantId);
  const c = await getCampaignItem(table, campaignId);
  const failed: RecipientRecord[] = [];
  for (let cursor: string | undefined, i = 0; i < 100; i++) {
    const page = await recipientsIn(table, campaignId, 'CREATIVE_FAILED', 1000, cursor);
    failed.push(...page.items);
    if (!(cursor = page.cursor)) break;
  }
  const failureReasons: Record<string, number> = {};
  for (const r of failed) failureReasons[r.failureReason ?? 'unknown'] = (failureReasons[r.failureReason ?? 'unknown'] ?? 0) + 1;
  const ai = failed.filter((r) => r.failureReason === 'ai_unavailable');
  if (!ai.length) return { reset: 0, reason: c.aiRecoveredAt ? ('already_recovered' as const) : ('nothing_to_retry' as const), failureReasons };
  // The same provider is still failing: its breaker is open, or the campaign's own retryAt (set at the
  // outage) has not come yet. Retrying now would fail the same way (resume clears both).
  const health = breakerFor(aiProvider(deps.config.ai).name, deps.config.ai).health();
  const retryAt = c.operationalState === 'DEGRADED' && c.pipeline?.retryAt && Date.parse(c.pipeline.retryAt) > deps.clock.now() ? c.pipeline.retryAt : null;
  if (!opts.breakerCleared && (health.state === 'open' || retryAt))
    return { reset: 0, reason: 'same_provider' as const, failureReasons, retryAt: health.state === 'open' ? (health.openUntil ?? retryAt) : retryAt };
  const now = deps.clock.now();
  const moves = ai.map((r): Move => ({ r, from: 'CREATIVE_FAILED', to: 'SCREENED', set: { failureReason: null, failureDetail: null } }));
  const reset = (await moveRecipients(table, campaignId, moves, now)).length;
  const fresh = await getCampaignItem(table, campaignId);
  await updateCampaign(table, fresh, { operationalState: 'NORMAL', primaryBlocker: null, pipeline: null, aiRecoveredAt: new Date(now).toISOString() }, now);
  await logActivity(deps, table, campaignId, actor, 'ai_failures_retried', 'retried', { reset });
  if (opts.prepare !== false && c.renderMode === 'PLATFORM' && reset > 0) await startPreparation(deps, tenantId, campaignId, actor);
  return { reset, reason: 'retried' as const, failureReasons };
}
