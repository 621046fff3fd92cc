import { ConditionFailed } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { Generation } from './entities.js';
import { getCampaignItem } from './campaigns.js';
import { auditableOf, recipientsIn } from './recipients.js';
import { preparationContext, prepareRecipient } from './prepare-recipient.js';
import { screen } from './screen.js';
import { markDegraded } from './degraded.js';
import type { GenerationRecord } from './preparation-runs.js';

// The work of a preparation, run by the campaign-recipients machine's step Lambda (campaign_step):
// apart from prepare.ts, so the operations that start or resume a preparation only start the machine
// and do not bundle rendering, the audit and the HTML libraries (issue 25).

/** Recipients per step of the state machine (one Lambda invocation, two state transitions). */
export const PREPARE_BATCH = 25;
/** At most this many recipients per preparation (a new start continues with the SCREENED left). */
export const PREPARATION_MAX = 5000;

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
