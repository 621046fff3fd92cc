import { conflict, notFound } from '../errors.js';
import { newId } from '../data/ids.js';
import { charge, isInsufficientBalance } from '../billing/billing.js';
import { aiProvider, parseJsonAnswer } from '../ai/provider.js';
import { AiUnavailable, type AiProvider } from '../ports/ai.js';
import { ConditionFailed, type Item, type TableStore } from '../ports/table-store.js';
import type { Deps } from '../runtime/deps.js';
import { getCreativeItem, toCreative } from '../creatives/creatives.js';
import { loadRecipientContext, renderCreativeFor, htmlToText } from '../creatives/render.js';
import { getBriefItem } from '../briefs/briefs.js';
import { log } from '../runtime/logger.js';
import { Generation, MAX_AUDIT_ITERATIONS, type CampaignRecord, type RecipientRecord } from './entities.js';
import { getCampaignItem, logActivity, updateCampaign } from './campaigns.js';
import { auditableOf, moveRecipient, recipientsIn } from './recipients.js';
import { screen } from './screen.js';
import { auditEmail, contentHash, recordAuditIteration, type Rendered } from './audit.js';
import { sourceDisclosure } from './geo.js';
import { getContact } from '../contacts/contacts.js';

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
  if (!campaign) return halt(deps, table, input, 'campaign_deleted');
  if (campaign.status === 'BLOCKED') return halt(deps, table, input, 'campaign_blocked');
  if (campaign.activeGenerationId !== input.generationId) return halt(deps, table, input, 'superseded');
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
      return halt(deps, table, input, 'AI_STAGES_HALTED');
    }
    if (out === 'halted_balance') {
      await table.update(gkey, { set: { progressAt: deps.clock.now() }, add: { processed: ready + failed, ready, failed } });
      return halt(deps, table, input, 'insufficient_balance');
    }
    if (out === 'blocked') {
      await table.update(gkey, { set: { progressAt: deps.clock.now() }, add: { processed: ready + failed + 1, ready, failed: failed + 1 } });
      return halt(deps, table, input, 'campaign_blocked');
    }
  }
  await table.update(gkey, { set: { progressAt: deps.clock.now() }, add: { processed: ready + failed, ready, failed } });
  return { state: 'more', outcome: 'more' };
}

async function halt(_deps: Deps, _table: TableStore, _input: StepInput, reason: string) {
  return { state: 'halted' as const, outcome: reason };
}

type CreativeView = ReturnType<typeof toCreative>;

interface PrepContext {
  ai: AiProvider;
  creatives: CreativeView[];
  brief: Record<string, unknown> | null;
}

async function preparationContext(deps: Deps, table: TableStore, c: CampaignRecord): Promise<PrepContext> {
  const creatives = await Promise.all(c.creativeIds.map(async (id) => toCreative(await getCreativeItem(table, id))));
  const brief = c.briefId ? (((await getBriefItem(table, c.briefId).catch(() => undefined))?.content as Record<string, unknown>) ?? null) : null;
  return { ai: aiProvider(deps.config.ai), creatives, brief };
}

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

type PrepOutcome = 'ready' | 'failed' | 'halted_ai' | 'halted_balance' | 'blocked' | 'skipped';

/** Render → charge platform_render → audit → charge the audit iteration; up to 5 iterations, then CREATIVE_FAILED. */
async function prepareRecipient(
  deps: Deps,
  tenantId: string,
  table: TableStore,
  c: CampaignRecord,
  r: RecipientRecord,
  ctx: PrepContext,
  auditable: number,
): Promise<PrepOutcome> {
  if (!ctx.creatives.length) {
    await moveRecipient(table, r, 'SCREENED', 'CREATIVE_FAILED', { failureReason: 'no_creative' }, deps.clock.now());
    return 'failed';
  }
  const recipient = await loadRecipientContext(table, { contactId: r.contactId }).catch(() => ({}));
  const source = await getContact(table, r.contactId)
    .then((x) => x.source)
    .catch(() => undefined);
  const seen = new Set<string>();
  let categories: string[] = [];
  for (let iteration = (r.auditIterations ?? 0) + 1; iteration <= MAX_AUDIT_ITERATIONS; iteration++) {
    const creative = ctx.creatives[(iteration - 1) % ctx.creatives.length];
    let email: Rendered;
    try {
      email = await renderEmail(ctx, creative, recipient, categories);
    } catch (e) {
      if (!(e instanceof AiUnavailable)) throw e;
      await moveRecipient(
        table,
        r,
        'SCREENED',
        'CREATIVE_FAILED',
        { failureReason: 'ai_unavailable', failureDetail: e.message.slice(0, 200) },
        deps.clock.now(),
      );
      return 'halted_ai';
    }
    if (r.geoPolicy === 'gdpr_disclosed') email = { ...email, html: `${email.html}${sourceDisclosure(source)}` };
    const hash = contentHash(email);
    // The deterministic builtin renders the same copy again: a repeat cannot pass an audit it failed.
    if (seen.has(hash)) break;
    seen.add(hash);
    try {
      await charge(deps, tenantId, 'platform_render', 1, {
        refId: `${c.campaignId}:${r.contactId}`,
        onceKey: `campaign:${c.campaignId}:${r.contactId}:render:${iteration}`,
      });
    } catch (e) {
      if (isInsufficientBalance(e)) return 'halted_balance';
      throw e;
    }
    let audit: Awaited<ReturnType<typeof auditEmail>>;
    try {
      audit = await auditEmail(email, ctx.ai);
    } catch (e) {
      if (!(e instanceof AiUnavailable)) throw e;
      await moveRecipient(
        table,
        r,
        'SCREENED',
        'CREATIVE_FAILED',
        { failureReason: 'ai_unavailable', failureDetail: e.message.slice(0, 200) },
        deps.clock.now(),
      );
      return 'halted_ai';
    }
    let blocked: boolean;
    try {
      ({ blocked } = await recordAuditIteration(deps, tenantId, table, c, r.contactId, audit.passed, auditable, iteration));
    } catch (e) {
      if (isInsufficientBalance(e)) return 'halted_balance';
      throw e;
    }
    categories = audit.auditCategories;
    if (audit.passed) {
      await moveRecipient(
        table,
        r,
        'SCREENED',
        'READY',
        { content: { ...email, text: email.text ?? htmlToText(email.html) }, auditCategories: [], failureReason: null },
        deps.clock.now(),
      );
      return 'ready';
    }
    if (blocked) {
      await moveRecipient(table, r, 'SCREENED', 'CREATIVE_FAILED', { failureReason: 'audit_failed', auditCategories: categories }, deps.clock.now());
      return 'blocked';
    }
  }
  await moveRecipient(table, r, 'SCREENED', 'CREATIVE_FAILED', { failureReason: 'audit_failed', auditCategories: categories }, deps.clock.now());
  return 'failed';
}

/**
 * The platform's render of one email: the builtin provider renders the creative with the template
 * language (offline, deterministic); a real provider writes the copy from the template's render, the
 * brief and the recipient, answering `{subject, html}` (fixing the categories of a failed audit).
 */
async function renderEmail(ctx: PrepContext, creative: CreativeView, recipient: Parameters<typeof renderCreativeFor>[1], fix: string[]): Promise<Rendered> {
  const base = renderCreativeFor(creative, recipient);
  if (ctx.ai.name === 'builtin') return { subject: base.subject, html: base.html, text: base.text };
  const brief = ctx.brief ?? {};
  const res = await ctx.ai.complete({
    system: 'You write one personalised cold B2B email. Keep the facts of the template; no spam phrases; one link at most.',
    prompt: [
      'Answer with one JSON object only: {"subject": string, "html": string}.',
      `Template subject: ${base.subject}`,
      `Template body:\n${base.html.slice(0, 6000)}`,
      `Offer: ${String((brief as { offer?: string }).offer ?? '')}`,
      `Recipient: ${JSON.stringify({ firstName: recipient.contact?.firstName, company: recipient.company?.name, position: recipient.contact?.position })}`,
      fix.length ? `The previous version failed the audit for: ${fix.join(', ')}. Fix these.` : '',
    ].join('\n'),
    json: true,
    timeoutMs: 20_000,
  });
  const answer = parseJsonAnswer(res.text);
  const subject =
    typeof answer?.subject === 'string'
      ? answer.subject
          .replace(/[\r\n]+/g, ' ')
          .trim()
          .slice(0, 300)
      : '';
  const html = typeof answer?.html === 'string' ? answer.html.slice(0, 100_000) : '';
  if (!subject || !html) throw new AiUnavailable(ctx.ai.name, 'the provider answered no {subject, html}');
  return { subject, html };
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
