import * as z from 'zod';
import { defineOperation } from '../../shared/registry/operation.js';
import { detectForms } from '../../shared/enrichment/crawl/forms.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'site_enrichment_detect_forms',
  method: 'POST',
  path: '/api/site-enrichment/detect-forms',
  tag: 'enrichment',
  summary: 'Find and classify the forms of a page',
  description:
    'From page HTML (optional pageUrl): {hasForm, hasContactForm, forms[{kind: contact|newsletter|search|login|other, confidence 0..1, reasons[]}]}. Nothing is fetched.',
  access: 'tenant',
  scope: 'crm:read',
  input: { body: z.strictObject({ html: z.string().max(2_000_000), pageUrl: z.string().url().max(2000).optional() }) },
  output: z.looseObject({
    hasForm: z.boolean(),
    hasContactForm: z.boolean(),
    forms: z.array(z.looseObject({ kind: z.string(), confidence: z.number(), reasons: z.array(z.string()) })),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ body }) => detectForms(body.html, body.pageUrl),
  guidance: () => ({ next: 'site_enrichment_tasks_create', why: 'Crawl sites to collect contacts at scale.', check: 'POST /api/site-enrichment/tasks' }),
});
export const handler = lambdaHandler(operation);
