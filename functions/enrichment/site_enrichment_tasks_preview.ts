import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { previewList } from '../../shared/research/enrichment/preview.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'site_enrichment_tasks_preview',
  method: 'GET',
  path: '/api/site-enrichment/preview',
  tag: 'enrichment',
  summary: 'Preview a list before enriching it',
  description:
    'Read-only: {listId, domainField, companies, withValue, uniqueDomains, fields[]} for a STATIC list (SMART → 400). domainField defaults to the one remembered on the list, else website.',
  access: 'tenant',
  scope: 'crm:read',
  input: {
    query: z.strictObject({
      listId: z
        .string()
        .min(1)
        .max(64)
        .regex(/^[^#]+$/),
      domainField: z.string().min(1).max(64).optional(),
    }),
  },
  output: z.looseObject({
    listId: z.string(),
    domainField: z.string(),
    companies: z.number(),
    withValue: z.number(),
    uniqueDomains: z.number(),
    fields: z.array(z.string()).describe('Fields usable as domainField'),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => previewList(requireTenant(ctx).table, query.listId, query.domainField),
  guidance: (r) => ({
    next: 'site_enrichment_tasks_create',
    why: 'Start the crawl over this list.',
    check: `POST /api/site-enrichment/tasks {"listId":"${r.listId}","domainField":"${r.domainField}"}`,
  }),
});
export const handler = lambdaHandler(operation);
