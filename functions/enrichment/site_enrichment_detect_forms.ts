import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { detectFormsOffThread } from '../../shared/research/enrichment/crawl/forms.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'site_enrichment_detect_forms',
  method: 'POST',
  path: '/api/site-enrichment/detect-forms',
  tag: 'enrichment',
  summary: 'Find and classify the forms of a page',
  description:
    'From page HTML (optional pageUrl): {hasForm, hasContactForm, forms[{kind: contact|newsletter|search|login|other, confidence 0..1, reasons[]}]}. Nothing is fetched. ' +
    'HTML nested deeper than 512 elements, or taking longer than the analysis budget (HTML_PARSE_BUDGET_MS, 15 s), is a 400.',
  access: 'tenant',
  scope: 'crm:read',
  input: { body: z.strictObject({ html: z.string().max(2_000_000), pageUrl: z.string().url().max(2000).optional() }) },
  output: z.looseObject({
    hasForm: z.boolean(),
    hasContactForm: z.boolean(),
    forms: z.array(z.looseObject({ kind: z.string(), confidence: z.number(), reasons: z.array(z.string()) })),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ body }, ctx) => detectFormsOffThread({ budgetMs: ctx.deps.config.htmlParse.budgetMs, what: 'html' }, body.html, body.pageUrl),
  guidance: () => ({ next: 'site_enrichment_tasks_create', why: 'Crawl sites to collect contacts at scale.', check: 'POST /api/site-enrichment/tasks' }),
});
export const handler = lambdaHandler(operation);
