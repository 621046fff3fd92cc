import { charge } from '../../workspace/billing/billing.js';
import { parseJsonAnswer } from '../../platform/ai/provider.js';
import type { AiProvider } from '../../platform/ports/ai.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { scoreOf, type RuleHit } from '../content-check/score.js';
import { Campaign, MAX_AUDIT_ITERATIONS, Recipient, type CampaignRecord } from './entities.js';
import { logActivity } from './campaigns.js';
import { ConditionFailed } from '../../platform/ports/table-store.js';

export interface Rendered {
  subject: string;
  html: string;
  text?: string;
}

/**
 * The mandatory audit of one rendered email, given the content rules' hits on it (rules.ts, or the
 * `content_rules` callable for an operation: content-check/remote.ts). Tier 1: the content rules (trigger phrases, links,
 * shorteners, images, subject ...) — passes with a low risk score and no critical hit. Tier 2 (when the
 * AI provider is not the offline builtin): the provider reviews the copy and answers
 * `{approved, categories}`; its outage halts the audit (AiUnavailable propagates). `auditCategories`
 * names the rules (and AI categories) that failed it.
 */
export async function auditVerdict(
  email: Rendered,
  ruleHits: RuleHit[],
  ai: AiProvider,
): Promise<{ passed: boolean; auditCategories: string[]; score: number }> {
  // The send engine adds the unsubscribe link and the physical address to every email (compose.ts): not the copy's fault.
  const hits = ruleHits.filter((h) => !ENGINE_ADDED.has(h.rule));
  const { score, risk } = scoreOf(hits);
  const categories = hits.filter((h) => h.severity !== 'info').map((h) => h.rule);
  const tier1 = risk === 'low' && !hits.some((h) => h.severity === 'critical');
  if (!tier1 || ai.name === 'builtin') return { passed: tier1, auditCategories: tier1 ? [] : [...new Set(categories)], score };
  const res = await ai.complete({
    system: 'You audit cold B2B emails for spam triggers, deception, missing sender identity and aggressive claims.',
    prompt: `Answer with one JSON object only: {"approved": boolean, "categories": string[]}.\nSubject: ${email.subject}\nBody HTML:\n${email.html.slice(0, 8000)}`,
    json: true,
    timeoutMs: 20_000,
  });
  const answer = parseJsonAnswer(res.text);
  const approved = answer?.approved === true;
  const aiCats = Array.isArray(answer?.categories) ? (answer!.categories as unknown[]).filter((c): c is string => typeof c === 'string').slice(0, 20) : [];
  return { passed: approved, auditCategories: approved ? [] : [...new Set(aiCats.length ? aiCats.map((c) => `ai_${c}`) : ['ai_not_approved'])], score };
}

const ENGINE_ADDED = new Set(['missing_unsubscribe', 'missing_physical_address']);

/**
 * Bills one audit iteration (passed: `audit`, failed: `audit_failed`, the reduced price) and counts it
 * on the recipient and the campaign. When the campaign's iterations reach 5 × its auditable recipients
 * it becomes BLOCKED (manual moderation). Throws 402 when the balance does not cover it.
 */
export async function recordAuditIteration(
  deps: Deps,
  tenantId: string,
  table: TableStore,
  campaign: CampaignRecord,
  contactId: string,
  passed: boolean,
  auditable: number,
  iteration: number,
) {
  // Once per (recipient, iteration): a retried step that audits the same iteration again is not billed twice.
  await charge(deps, tenantId, passed ? 'audit' : 'audit_failed', 1, {
    refId: `${campaign.campaignId}:${contactId}`,
    onceKey: `campaign:${campaign.campaignId}:${contactId}:audit:${iteration}`,
  });
  // Recorded once per iteration: a step killed after this write and redoing the iteration counts nothing twice.
  try {
    await table.update(Recipient.key({ campaignId: campaign.campaignId, contactId }), {
      set: { auditIterations: iteration, lastAuditPassed: passed },
      condition: { expression: 'attribute_not_exists(auditIterations) OR auditIterations < :i', values: { ':i': iteration } },
    });
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
    const now = await table.get<CampaignRecord>(Campaign.key({ campaignId: campaign.campaignId }));
    return { blocked: now?.status === 'BLOCKED' };
  }
  const after = await table.update<CampaignRecord>(Campaign.key({ campaignId: campaign.campaignId }), { add: { auditIterations: 1 } });
  if (auditable > 0 && after.auditIterations >= MAX_AUDIT_ITERATIONS * auditable && after.status !== 'BLOCKED') {
    try {
      await table.update(Campaign.key({ campaignId: campaign.campaignId }), {
        set: { status: 'BLOCKED', label: null, primaryBlocker: 'AUDIT_EXHAUSTED', updatedAt: new Date(deps.clock.now()).toISOString() },
        add: { version: 1 },
        condition: { expression: '#s <> :b', names: { '#s': 'status' }, values: { ':b': 'BLOCKED' } },
      });
      await logActivity(deps, table, campaign.campaignId, { kind: 'system' }, 'blocked', 'audit_iterations_exhausted', {
        auditIterations: after.auditIterations,
        limit: MAX_AUDIT_ITERATIONS * auditable,
      });
    } catch (e) {
      if (!(e instanceof ConditionFailed)) throw e;
    }
    return { blocked: true };
  }
  return { blocked: after.status === 'BLOCKED' };
}
