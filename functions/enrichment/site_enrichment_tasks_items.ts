import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { ITEM_STATUSES } from '../../shared/research/enrichment/entities.js';
import { getTaskRecord } from '../../shared/research/enrichment/run.js';
import { itemsOf } from '../../shared/research/enrichment/views.js';
import { lambdaHandler } from '../lambda.js';
import { taskIdPath } from './schema.js';
import { uncheckedOutput } from '../../shared/platform/registry/output-check.js';

export const operation = defineOperation({
  operationId: 'site_enrichment_tasks_items',
  method: 'GET',
  path: '/api/site-enrichment/tasks/{id}/items',
  tag: 'enrichment',
  summary: 'Per-company results of a site enrichment task',
  description:
    'One row per company: status (OK, DOWN, NO_SITE; PENDING while queued), reasonCode, method, title, sourceUrls, counts/added. Filters status, reasonCode; cursor pages.',
  access: 'tenant',
  scope: 'crm:read',
  input: {
    path: taskIdPath,
    query: z.strictObject({
      status: z.enum(ITEM_STATUSES).optional(),
      reasonCode: z
        .string()
        .regex(/^[a-z0-9_]{1,64}$/)
        .optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
      cursor: z.string().max(2000).optional(),
    }),
  },
  output: uncheckedOutput(
    z.looseObject({
      data: z.array(z.looseObject({ companyId: z.string(), status: z.string(), reasonCode: z.string().nullable() })).describe('Results'),
      nextCursor: z.string().nullable(),
    }),
  ),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => {
    const table = requireTenant(ctx).table;
    await getTaskRecord(table, path.id);
    return itemsOf(table, path.id, query);
  },
  guidance: () => ({ next: 'site_enrichment_tasks_raw', why: 'What the crawler read for an OK company.', check: 'GET /api/site-enrichment/raw?companyId=...' }),
});
export const handler = lambdaHandler(operation);
