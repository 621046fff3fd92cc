import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { badRequest } from '../../shared/platform/errors.js';
import { checkContent } from '../../shared/mailing/content-check/check.js';
import { MAX_BODY_CHARS, MAX_SUBJECT_CHARS } from '../../shared/mailing/creatives/schema.js';
import { lambdaHandler } from '../lambda.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an id');

export const operation = defineOperation({
  operationId: 'ContentAnalyzerController_check',
  method: 'POST',
  path: '/api/content-analyzer/check',
  tag: 'creatives',
  summary: 'Spam-risk check of a creative with named rule hits and fixes',
  description:
    'Body {creativeId} or {subject, bodyHtml}; optional contactId/companyId render it for that recipient. Returns score 0-100, risk low|medium|high and hits ' +
    '(rule, severity, points, detail, fix). Rules: trigger phrases (en, ru), links, shorteners, text/image ratio, caps, !!! runs, unsubscribe, address, size, leftover braces. ' +
    'With a spamd server configured, also its score and rule names (spamAssassin), else the reason in spamAssassinSkipped. ' +
    'HTML nested deeper than 512 elements, or whose analysis takes longer than HTML_PARSE_BUDGET_MS (15 s), is a 400.',
  access: 'tenant',
  scope: 'creatives:read',
  input: {
    body: z.strictObject({
      creativeId: id.optional(),
      subject: z.string().max(MAX_SUBJECT_CHARS).optional(),
      bodyHtml: z.string().max(MAX_BODY_CHARS).optional(),
      contactId: id.optional(),
      companyId: id.optional(),
    }),
  },
  output: checkedOutput(
    z.looseObject({
      score: z.number().describe('0 (clean) to 100'),
      risk: z.enum(['low', 'medium', 'high']),
      hits: z.array(
        z.looseObject({ rule: z.string(), severity: z.enum(['info', 'warning', 'critical']), points: z.number(), detail: z.string(), fix: z.string() }),
      ),
      stats: z.looseObject({
        sizeBytes: z.number(),
        textChars: z.number().describe('Visible text characters'),
        links: z.number(),
        images: z.number(),
        textPerImage: z.number().nullable().describe('Visible text characters per image (null without images)'),
      }),
      unresolvedTokens: z.array(z.string()).describe('{{tokens}} left unresolved by the render'),
      spamAssassin: z
        .looseObject({
          score: z.number(),
          required: z.number().describe('The score at which spamd calls it spam'),
          isSpam: z.boolean(),
          rules: z.array(z.string()).describe('SpamAssassin rule names that hit'),
        })
        .nullable()
        .describe('The spamd report; null when it is off (SPAMD_HOST unset, always in Lambda) or failed: see spamAssassinSkipped'),
      spamAssassinSkipped: z
        .looseObject({
          reason: z.enum(['spamd_off', 'spamd_unreachable', 'spamd_timeout', 'spamd_error', 'spamd_bad_answer', 'message_too_large']),
          detail: z.string(),
        })
        .nullable()
        .describe('Why there is no spamAssassin report (null when there is one); the named rules are complete either way'),
      creativeId: z.string().nullable().describe('The creative checked (null for a subject and body given inline)'),
    }),
  ),
  resources: ['function:content_rules'],
  hints: { readOnly: true, idempotent: true },
  handler: async ({ body }, ctx) => {
    if (!body.creativeId && body.bodyHtml === undefined) throw badRequest(['creativeId or bodyHtml must be given']);
    if (body.creativeId && (body.subject !== undefined || body.bodyHtml !== undefined))
      throw badRequest(['give either creativeId or subject/bodyHtml, not both']);
    return checkContent(ctx.deps, requireTenant(ctx).table, body, ctx.deps.config.contentCheck, ctx.deps.clock.now(), ctx.deps.config.htmlParse.budgetMs);
  },
  guidance: (r) =>
    r.hits.length
      ? {
          next: 'creatives_update',
          why: `Risk ${r.risk} (${r.score}): fix ${r.hits
            .slice(0, 3)
            .map((h) => h.rule)
            .join(', ')} first.`,
        }
      : { next: 'CreativesController_startInboxPlacementTest', why: 'No rule hits; verify placement with the seed mailboxes.' },
});
export const handler = lambdaHandler(operation);
