import { conflict } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import type { Item } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { Generation, type CampaignRecord } from './entities.js';
import { getCampaignItem, logActivity, updateCampaign } from './campaigns.js';
import { executionGone, generationView, takeOverRun, type GenerationRecord } from './preparation-runs.js';

// Starting a preparation only starts the campaign-recipients machine; its steps (rendering, the audit,
// the HTML libraries) run in the machine's step Lambda (prepare-step.ts), not in the operations that
// start or resume a preparation (issue 25).

export const CAMPAIGN_MACHINE = 'campaign-recipients';

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
    ...(deps.localInstanceId && deps.workflows ? { runner: deps.localInstanceId } : {}),
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

/**
 * Starts the ASL execution (Step Functions, or the local runner). Without a runner (deps without a
 * workflow wiring) the generation was recorded without one (startPreparation), so a local conveyor
 * or the next start takes it over once a runner is there.
 */
async function runMachine(deps: Deps, input: { tenantId: string; campaignId: string; generationId: string; stage: 'prepare' }, attempt?: string) {
  if (!deps.workflows) return log.warn('campaign preparation: no workflow runner; the generation waits for a takeover', input);
  await deps.workflows.start(CAMPAIGN_MACHINE, [input.campaignId, input.generationId, attempt].filter(Boolean).join('-'), input);
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
