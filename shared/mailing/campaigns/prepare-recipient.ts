import { charge, isInsufficientBalance } from '../../workspace/billing/billing.js';
import { aiProvider, parseJsonAnswer } from '../../platform/ai/provider.js';
import { AiUnavailable, type AiProvider } from '../../platform/ports/ai.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { getCreativeItem, toCreative } from '../creatives/creatives.js';
import { renderCreativeFor, htmlToText } from '../creatives/render.js';
import { loadRecipientContext } from '../creatives/recipient.js';
import { getBriefItem } from '../briefs/briefs.js';
import { getContact } from '../../crm/contacts/contacts.js';
import { MAX_AUDIT_ITERATIONS, type CampaignRecord, type RecipientRecord } from './entities.js';
import { moveRecipient } from './recipients.js';
import { auditEmail, contentHash, recordAuditIteration, type Rendered } from './audit.js';
import { sourceDisclosure } from './geo.js';

// One recipient of a PLATFORM preparation (a step of the campaign-recipients machine, prepare-step.ts):
// render → charge platform_render → audit → charge the audit iteration, up to MAX_AUDIT_ITERATIONS,
// then READY or CREATIVE_FAILED; an AI outage, a spent balance or a blocked campaign ends the step.

type CreativeView = ReturnType<typeof toCreative>;

export interface PrepContext {
  ai: AiProvider;
  creatives: CreativeView[];
  brief: Record<string, unknown> | null;
}

export async function preparationContext(deps: Deps, table: TableStore, c: CampaignRecord): Promise<PrepContext> {
  const creatives = await Promise.all(c.creativeIds.map(async (id) => toCreative(await getCreativeItem(table, id))));
  const brief = c.briefId ? (((await getBriefItem(table, c.briefId).catch(() => undefined))?.content as Record<string, unknown>) ?? null) : null;
  return { ai: aiProvider(deps.config.ai), creatives, brief };
}

type PrepOutcome = 'ready' | 'failed' | 'halted_ai' | 'halted_balance' | 'blocked' | 'skipped';

/** Render → charge platform_render → audit → charge the audit iteration; up to 5 iterations, then CREATIVE_FAILED. */
export async function prepareRecipient(
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
  /** An AI outage ends this recipient's preparation (CREATIVE_FAILED ai_unavailable) and halts the step. */
  const aiDown = async (e: AiUnavailable): Promise<PrepOutcome> => {
    await moveRecipient(table, r, 'SCREENED', 'CREATIVE_FAILED', { failureReason: 'ai_unavailable', failureDetail: e.message.slice(0, 200) }, deps.clock.now());
    return 'halted_ai';
  };
  const seen = new Set<string>();
  let categories: string[] = [];
  // A passed audit whose recipient never reached READY (the step was killed in between) is redone as the same iteration.
  const first = r.lastAuditPassed && r.auditIterations ? r.auditIterations : (r.auditIterations ?? 0) + 1;
  for (let iteration = first; iteration <= MAX_AUDIT_ITERATIONS; iteration++) {
    const creative = ctx.creatives[(iteration - 1) % ctx.creatives.length];
    let email: Rendered;
    try {
      email = await renderEmail(ctx, creative, recipient, categories);
    } catch (e) {
      if (!(e instanceof AiUnavailable)) throw e;
      return aiDown(e);
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
      return aiDown(e);
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
