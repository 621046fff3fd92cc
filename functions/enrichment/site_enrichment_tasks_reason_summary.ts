import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getTaskRecord } from '../../shared/research/enrichment/run.js';
import { reasonSummary } from '../../shared/research/enrichment/views.js';
import { lambdaHandler } from '../lambda.js';
import { taskIdPath } from './schema.js';

export const operation = defineOperation({
  operationId: 'site_enrichment_tasks_reason_summary',
  method: 'GET',
  path: '/api/site-enrichment/tasks/{id}/reason-summary',
  tag: 'enrichment',
  summary: 'DOWN results by reasonCode',
  description: 'Array of {reasonCode, count} over DOWN results only, most frequent first; [] when there are none.',
  access: 'tenant',
  scope: 'crm:read',
  input: { path: taskIdPath },
  output: z.array(z.looseObject({ reasonCode: z.string().describe('lower_snake reason'), count: z.number() })),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => {
    const table = requireTenant(ctx).table;
    await getTaskRecord(table, path.id);
    return reasonSummary(table, path.id);
  },
  guidance: (_r, i) => ({
    next: 'site_enrichment_tasks_items',
    why: 'The companies behind one reason.',
    check: `GET /api/site-enrichment/tasks/${i.path.id}/items?status=DOWN`,
  }),
});
export const handler = lambdaHandler(operation);
