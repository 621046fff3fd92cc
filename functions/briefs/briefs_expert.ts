import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getBrief, listMemory } from '../../shared/mailing/briefs/briefs.js';
import { expertReview } from '../../shared/mailing/briefs/expert-ai.js';
import { aiProvider } from '../../shared/platform/ai/provider.js';
import { chargeAiCall, requireBalanceFor, withBilling } from '../../shared/workspace/billing/billing.js';
import { lambdaHandler } from '../lambda.js';
import { briefIdParam } from './shared.js';

export const operation = defineOperation({
  operationId: 'briefs_expert',
  method: 'POST',
  path: '/api/briefs/{id}/expert',
  tag: 'briefs',
  summary: 'Review a brief: what is missing or contradictory',
  description:
    'Structured findings {path, kind: missing|contradiction|weak|open_question, severity, message, suggestion, source}: the rule checks always, plus what the ' +
    'AI provider adds (source ai). An AI outage answers the rule findings with degraded: true and ai.reason. Open QUESTION memory entries are listed. ' +
    'Paid: ai_generation per review the AI provider answered in the contract (_billing; an outage, a bad answer or the builtin heuristics cost nothing); ' +
    '402 insufficient_balance before the provider is asked when the balance cannot pay for it. Changes nothing else.',
  billing: 'ai_generation',
  access: 'tenant',
  scope: 'creatives:read',
  input: { path: briefIdParam },
  output: z.looseObject({
    briefId: z.string(),
    revision: z.number(),
    ready: z.boolean().describe('True when no high-severity finding remains'),
    findings: z.array(
      z.looseObject({
        path: z.string(),
        kind: z.string(),
        severity: z.enum(['high', 'medium', 'low']),
        message: z.string(),
        suggestion: z.string(),
        source: z.enum(['rules', 'ai']).describe('rules: the deterministic floor; ai: added by the AI provider'),
      }),
    ),
    degraded: z.boolean().describe('True when the AI review did not run (outage, open breaker, answer not in the contract): rule findings only'),
    ai: z
      .looseObject({
        provider: z.string(),
        model: z.string(),
        status: z.enum(['ok', 'unavailable', 'invalid_answer']),
        reason: z.string().optional().describe('Why the AI review is missing'),
        added: z.number().describe('Findings the AI added'),
        dropped: z.number().describe('AI findings refused (not in the contract shape, duplicates of rule findings, over 20)'),
      })
      .describe('The AI provider review (AI_PROVIDER; builtin offline heuristics by default)'),
  }),
  hints: { readOnly: false, idempotent: false },
  handler: async ({ path }, ctx) => {
    const { table, tenantId } = requireTenant(ctx);
    const brief = await getBrief(table, path.id);
    const memory = (await listMemory(table, path.id)) as { kind: string; text: string; path?: unknown }[];
    const ai = aiProvider(ctx.deps.config.ai);
    const paid = ai.name !== 'builtin'; // the builtin heuristics are no AI generation: free, like the rules
    if (paid) await requireBalanceFor(ctx.deps, tenantId, 'ai_generation');
    const review = await expertReview(brief, memory, ai);
    const result = { briefId: brief.id, revision: brief.revision, ready: !review.findings.some((f) => f.severity === 'high'), ...review };
    // Charged once per review the provider answered in the contract; an outage or a bad answer costs nothing.
    return paid && review.ai.status === 'ok'
      ? withBilling(result, await chargeAiCall(ctx.deps, tenantId, `brief_expert:${brief.id}:r${brief.revision}`))
      : result;
  },
  guidance: (r) => ({
    ...(r.ready
      ? { next: 'creatives_create', why: 'The brief is complete enough; write the creative with briefId.' }
      : { next: 'BriefsController_updateContent', why: `${r.findings.length} findings; fix the high-severity ones first.` }),
    ...(r.degraded ? { check: `Rule findings only (${r.ai.reason ?? r.ai.status}); call briefs_expert again later for the AI review.` } : {}),
  }),
});
export const handler = lambdaHandler(operation);
