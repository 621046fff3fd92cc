import { conflict } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import type { AiProvider } from '../../platform/ports/ai.js';
import { ConditionFailed, type Item, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { Generation, type CampaignRecord } from './entities.js';
import { getCampaignItem, logActivity, updateCampaign } from './campaigns.js';
import { auditableOf, recipientsIn } from './recipients.js';
import { preparationContext, prepareRecipient } from './prepare-recipient.js';
import { screen } from './screen.js';
import { executionGone, generationView, takeOverRun, type GenerationRecord } from './preparation-runs.js';

export const CAMPAIGN_MACHINE = 'campaign-recipients';
/** Recipients per step of the state machine (one Lambda invocation, two state transitions). */
export const PREPARE_BATCH = 25;
/** At most this many recipients per preparation (a new start continues with the SCREENED left). */
export const PREPARATION_MAX = 5000;
/**
 * Starts a PLATFORM preparation (bounded async generation over the SCREENED recipients) as one
 * execution of the campaign-recipients state machine; a preparation already running is answered
 * instead of starting a second one (the POST is safe to repeat). One whose execution is gone
 * (preparation-runs.ts) is resumed in place when a previous local runtime ran it, or superseded
 * when it stalled.
 */
export async function startPreparation(deps: Deps, tenantId: string, campaignId: string, actor: { kind: string; id?: string }) {
  const table = deps.tenantTable(tenantId);
  const c = await getCampaignItem(table, campaignId);
  if (c.renderMode !== 'PLATFORM') throw conflict('BYOC campaigns submit rendered emails (campaigns_submit_rendered_emails)', { code: 'not_platform' });
  if (c.status === 'BLOCKED') throw conflict('The campaign is BLOCKED (manual moderation)', { code: 'campaign_blocked' });
  if (c.activeGenerationId) {
    const running = await table.get<GenerationRecord>(Generation.key({ campaignId, generationId: c.activeGenerationId }));
    const gone = running ? executionGone(deps, running) : false;
    if (running?.status === 'running' && gone !== 'stale') {
      const resumed = gone === 'dead' ? await resumePreparation(deps, tenantId, running, actor) : undefined;
      return { ...generationView(resumed ?? running), alreadyRunning: true };
    }
    // A stalled execution (no step for STALE_MS) is superseded by a new generation (a late step of the old one halts).
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
    ...(deps.localInstanceId ? { runner: deps.localInstanceId } : {}),
  };
  await table.put(Generation.item({ campaignId, generationId }, g as unknown as Item));
  await updateCampaign(table, c, { activeGenerationId: generationId }, now);
  await logActivity(deps, table, campaignId, actor, 'preparation_started', null, { generationId });
  await runMachine(deps, { tenantId, campaignId, generationId, stage: 'prepare' });
  return { ...generationView(g), alreadyRunning: false };
}

/**
 * A generation whose execution died with a previous local runtime: this instance takes it over (one
 * taker wins) and runs the machine again on the same generation; every step is idempotent (it takes
 * the SCREENED recipients left, each charge has its once-key). Answers the generation as resumed.
 */
async function resumePreparation(deps: Deps, tenantId: string, g: GenerationRecord, actor: { kind: string; id?: string }) {
  const table = deps.tenantTable(tenantId);
  const taken = await takeOverRun(deps, table, g);
  if (!taken) return undefined;
  log.info('campaign preparation resumed after a restart', { tenantId, campaignId: g.campaignId, generationId: g.generationId, from: g.runner });
  await logActivity(deps, table, g.campaignId, actor, 'preparation_resumed', 'runtime_restarted', { generationId: g.generationId });
  await runMachine(deps, { tenantId, campaignId: g.campaignId, generationId: g.generationId, stage: 'prepare' }, `r${taken.resumes ?? 1}`);
  return taken;
}

/** Starts the ASL execution (Step Functions, or the local runner); without a runner, the same steps in-process. */
async function runMachine(deps: Deps, input: { tenantId: string; campaignId: string; generationId: string; stage: 'prepare' }, attempt?: string) {
  if (deps.workflows) return deps.workflows.start(CAMPAIGN_MACHINE, [input.campaignId, input.generationId, attempt].filter(Boolean).join('-'), input);
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
  // Named before they move: a crash mid-step leaves the generation knowing whom it was preparing (takeOverRun counts them).
  await table.update(gkey, { set: { inFlight: page.items.map((r) => r.contactId) } });
  const auditable = auditableOf(campaign);
  const ctx = await preparationContext(deps, table, campaign);
  let ready = 0;
  let failed = 0;
  for (const r of page.items) {
    const out = await prepareRecipient(deps, input.tenantId, table, campaign, r, ctx, auditable);
    if (out === 'ready') ready++;
    else if (out === 'failed') failed++;
    if (out === 'halted_ai') {
      await table.update(gkey, {
        set: { progressAt: deps.clock.now() },
        remove: ['inFlight'],
        add: { processed: ready + failed + 1, ready, failed: failed + 1 },
      });
      await markDegraded(deps, table, campaign, ctx.ai);
      return halt('AI_STAGES_HALTED');
    }
    if (out === 'halted_balance') {
      await table.update(gkey, { set: { progressAt: deps.clock.now() }, remove: ['inFlight'], add: { processed: ready + failed, ready, failed } });
      return halt('insufficient_balance');
    }
    if (out === 'blocked') {
      await table.update(gkey, {
        set: { progressAt: deps.clock.now() },
        remove: ['inFlight'],
        add: { processed: ready + failed + 1, ready, failed: failed + 1 },
      });
      return halt('campaign_blocked');
    }
  }
  await table.update(gkey, { set: { progressAt: deps.clock.now() }, remove: ['inFlight'], add: { processed: ready + failed, ready, failed } });
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

/** The conveyor's check: a running preparation whose execution is gone is resumed (a previous local runtime ran it) or superseded (stalled). */
export async function restartStalePreparation(deps: Deps, tenantId: string, c: CampaignRecord) {
  if (!c.activeGenerationId || c.renderMode !== 'PLATFORM' || c.status === 'BLOCKED') return false;
  const table = deps.tenantTable(tenantId);
  const g = await table.get<GenerationRecord>(Generation.key({ campaignId: c.campaignId, generationId: c.activeGenerationId }));
  if (!g || !executionGone(deps, g)) return false;
  await startPreparation(deps, tenantId, c.campaignId, { kind: 'system', id: 'conveyor' });
  return true;
}
