import { conflict, notFound } from '../errors.js';
import { newId } from '../data/ids.js';
import type { AiProvider } from '../ports/ai.js';
import { ConditionFailed, type Item, type TableStore } from '../ports/table-store.js';
import type { Deps } from '../runtime/deps.js';
import { log } from '../runtime/logger.js';
import { Generation, type CampaignRecord } from './entities.js';
import { getCampaignItem, logActivity, updateCampaign } from './campaigns.js';
import { auditableOf, recipientsIn } from './recipients.js';
import { preparationContext, prepareRecipient } from './prepare-recipient.js';
import { screen } from './screen.js';

export const CAMPAIGN_MACHINE = 'campaign-recipients';
/** Recipients per step of the state machine (one Lambda invocation, two state transitions). */
export const PREPARE_BATCH = 25;
/** At most this many recipients per preparation (a new start continues with the SCREENED left). */
export const PREPARATION_MAX = 5000;
/** Longer than one step may take (the step Lambda's 15 min timeout). */
export const STALE_MS = 16 * 60_000;

export interface GenerationRecord {
  campaignId: string;
  generationId: string;
  status: 'running' | 'completed' | 'failed';
  error: string | null;
  processed: number;
  ready: number;
  failed: number;
  startedAt: string;
  finishedAt: string | null;
  /** Last step's time (ms): a running generation without progress for STALE_MS is superseded. */
  progressAt?: number;
}

export const generationView = (g: GenerationRecord) => ({
  generationId: g.generationId,
  campaignId: g.campaignId,
  status: g.status,
  error: g.error ?? null,
  processed: g.processed ?? 0,
  ready: g.ready ?? 0,
  failed: g.failed ?? 0,
  startedAt: g.startedAt,
  finishedAt: g.finishedAt ?? null,
});

export async function getGeneration(table: TableStore, campaignId: string, generationId: string) {
  await getCampaignItem(table, campaignId);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(generationId)) throw notFound('Generation');
  const g = await table.get<GenerationRecord>(Generation.key({ campaignId, generationId }));
  if (!g) throw notFound('Generation');
  return generationView(g);
}

/**
 * Starts a PLATFORM preparation (bounded async generation over the SCREENED recipients) as one
 * execution of the campaign-recipients state machine; a preparation already running is answered
 * instead of starting a second one (the POST is safe to repeat).
 */
export async function startPreparation(deps: Deps, tenantId: string, campaignId: string, actor: { kind: string; id?: string }) {
  const table = deps.tenantTable(tenantId);
  const c = await getCampaignItem(table, campaignId);
  if (c.renderMode !== 'PLATFORM') throw conflict('BYOC campaigns submit rendered emails (campaigns_submit_rendered_emails)', { code: 'not_platform' });
  if (c.status === 'BLOCKED') throw conflict('The campaign is BLOCKED (manual moderation)', { code: 'campaign_blocked' });
  if (c.activeGenerationId) {
    const running = await table.get<GenerationRecord>(Generation.key({ campaignId, generationId: c.activeGenerationId }));
    // A run whose execution died (a restarted local process, a failed execution) stops making progress:
    // after STALE_MS without a step it is superseded by a new one (a late step of the old one halts).
    if (running?.status === 'running' && deps.clock.now() - (running.progressAt ?? Date.parse(running.startedAt)) < STALE_MS)
      return { ...generationView(running), alreadyRunning: true };
    if (running?.status === 'running')
      await table.update(Generation.key({ campaignId, generationId: running.generationId }), {
        set: { status: 'failed', error: 'stalled', finishedAt: new Date(deps.clock.now()).toISOString() },
      });
  }
  const now = deps.clock.now();
  const generationId = newId(now);
  const g: GenerationRecord = {
    campaignId,
    generationId,
    status: 'running',
    error: null,
    processed: 0,
    ready: 0,
    failed: 0,
    startedAt: new Date(now).toISOString(),
    finishedAt: null,
  };
  await table.put(Generation.item({ campaignId, generationId }, g as unknown as Item));
  await updateCampaign(table, c, { activeGenerationId: generationId }, now);
  await logActivity(deps, table, campaignId, actor, 'preparation_started', null, { generationId });
  await runMachine(deps, { tenantId, campaignId, generationId, stage: 'prepare' });
  return { ...generationView(g), alreadyRunning: false };
}

/** Starts the ASL execution (Step Functions, or the local runner); without a runner, the same steps in-process. */
async function runMachine(deps: Deps, input: { tenantId: string; campaignId: string; generationId: string; stage: 'prepare' }) {
  if (deps.workflows) return deps.workflows.start(CAMPAIGN_MACHINE, `${input.campaignId}-${input.generationId}`, input);
  void (async () => {
    let step: Awaited<ReturnType<typeof runCampaignStep>> = { state: 'more', outcome: 'more' };
    for (let i = 0; i < 100_000 && step.state === 'more'; i++) step = await runCampaignStep(deps, { ...input, action: 'screen' });
    if (step.state === 'done') step = { state: 'more', outcome: 'more' };
    for (let i = 0; i < 100_000 && step.state === 'more'; i++) step = await runCampaignStep(deps, { ...input, action: 'prepare' });
    await runCampaignStep(deps, { ...input, action: 'finish', outcome: step.outcome });
  })().catch((e) => log.warn('campaign preparation failed', { message: (e as Error).message }));
}

export interface StepInput {
  action: 'screen' | 'prepare' | 'finish';
  stage?: string;
  tenantId: string;
  campaignId: string;
  generationId: string;
  outcome?: string;
}

/**
 * One step of the campaign-recipients machine (the Lambda behind its Task states):
 * - screen: one page (100) of NEW recipients → SCREENED or SKIPPED (free); `more` while NEW remain;
 * - prepare: up to PREPARE_BATCH SCREENED recipients are rendered, audited (≤ 5 iterations each) and
 *   become READY or CREATIVE_FAILED; answers `more`, `done` or `halted` (AI outage, balance spent,
 *   campaign blocked or superseded) — the Choice state loops on `more`.
 * - finish: closes the generation (completed, or failed with the halt reason).
 */
export async function runCampaignStep(deps: Deps, input: StepInput): Promise<{ state: 'more' | 'done' | 'halted'; outcome: string }> {
  const table = deps.tenantTable(input.tenantId);
  const gkey = Generation.key({ campaignId: input.campaignId, generationId: input.generationId });
  if (input.action === 'finish') {
    const halted = input.outcome && input.outcome !== 'done';
    await table
      .update(gkey, {
        set: { status: halted ? 'failed' : 'completed', error: halted ? input.outcome : null, finishedAt: new Date(deps.clock.now()).toISOString() },
        condition: { expression: '#s = :r', names: { '#s': 'status' }, values: { ':r': 'running' } },
      })
      .catch((e) => {
        if (!(e instanceof ConditionFailed)) throw e;
      });
    return { state: 'done', outcome: 'done' };
  }
  try {
    await table.update(gkey, { set: { progressAt: deps.clock.now() }, condition: { expression: 'attribute_exists(pk)' } });
  } catch (e) {
    if (e instanceof ConditionFailed) return { state: 'halted', outcome: 'campaign_deleted' };
    throw e;
  }
  const campaign = await getCampaignItem(table, input.campaignId).catch(() => undefined);
  if (!campaign) return halt('campaign_deleted');
  if (campaign.status === 'BLOCKED') return halt('campaign_blocked');
  if (campaign.activeGenerationId !== input.generationId) return halt('superseded');
  // NEW → SCREENED | SKIPPED first (free): recipients poured after the last screen are not left out.
  if (input.action === 'screen') {
    const r = await screen(deps, table, input.campaignId, 1);
    return r.more ? { state: 'more', outcome: 'more' } : { state: 'done', outcome: 'done' };
  }
  // Bounded: one preparation renders at most PREPARATION_MAX recipients; a new start takes the rest.
  const gen = await table.get<GenerationRecord>(gkey);
  if ((gen?.processed ?? 0) >= PREPARATION_MAX) return { state: 'done', outcome: 'done' };
  const page = await recipientsIn(table, input.campaignId, 'SCREENED', Math.min(PREPARE_BATCH, PREPARATION_MAX - (gen?.processed ?? 0)));
  if (!page.items.length) return { state: 'done', outcome: 'done' };
  const auditable = auditableOf(campaign);
  const ctx = await preparationContext(deps, table, campaign);
  let ready = 0;
  let failed = 0;
  for (const r of page.items) {
    const out = await prepareRecipient(deps, input.tenantId, table, campaign, r, ctx, auditable);
    if (out === 'ready') ready++;
    else if (out === 'failed') failed++;
    if (out === 'halted_ai') {
      await table.update(gkey, { set: { progressAt: deps.clock.now() }, add: { processed: ready + failed + 1, ready, failed: failed + 1 } });
      await markDegraded(deps, table, campaign, ctx.ai);
      return halt('AI_STAGES_HALTED');
    }
    if (out === 'halted_balance') {
      await table.update(gkey, { set: { progressAt: deps.clock.now() }, add: { processed: ready + failed, ready, failed } });
      return halt('insufficient_balance');
    }
    if (out === 'blocked') {
      await table.update(gkey, { set: { progressAt: deps.clock.now() }, add: { processed: ready + failed + 1, ready, failed: failed + 1 } });
      return halt('campaign_blocked');
    }
  }
  await table.update(gkey, { set: { progressAt: deps.clock.now() }, add: { processed: ready + failed, ready, failed } });
  return { state: 'more', outcome: 'more' };
}

const halt = (reason: string) => ({ state: 'halted' as const, outcome: reason });

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

/** A running preparation that made no progress for STALE_MS (its execution died): started again. */
export async function restartStalePreparation(deps: Deps, tenantId: string, c: CampaignRecord) {
  if (!c.activeGenerationId || c.renderMode !== 'PLATFORM' || c.status === 'BLOCKED') return false;
  const table = deps.tenantTable(tenantId);
  const g = await table.get<GenerationRecord>(Generation.key({ campaignId: c.campaignId, generationId: c.activeGenerationId }));
  if (g?.status !== 'running' || deps.clock.now() - (g.progressAt ?? Date.parse(g.startedAt)) < STALE_MS) return false;
  await startPreparation(deps, tenantId, c.campaignId, { kind: 'system', id: 'conveyor' });
  return true;
}
