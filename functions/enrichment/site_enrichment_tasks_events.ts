import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listEvents } from '../../shared/research/enrichment/events.js';
import { getTaskRecord } from '../../shared/research/enrichment/run.js';
import { lambdaHandler } from '../lambda.js';
import { taskIdPath } from './schema.js';

export const operation = defineOperation({
  operationId: 'site_enrichment_tasks_events',
  method: 'GET',
  path: '/api/site-enrichment/tasks/{id}/events',
  tag: 'enrichment',
  summary: 'Transition log of a site enrichment task',
  description: "Events in seq order after `cursor` (the last seq already read; 0 = from the start). Pass the answer's cursor back to read on.",
  access: 'tenant',
  scope: 'crm:read',
  input: {
    path: taskIdPath,
    query: z.strictObject({ cursor: z.coerce.number().int().min(0).default(0), limit: z.coerce.number().int().min(1).max(500).default(100) }),
  },
  output: z.looseObject({
    data: z.array(
      z.looseObject({
        seq: z.number().describe('Sequential number'),
        kind: z.string().describe('Event kind'),
        payload: z.unknown().describe('Kind-specific payload or null'),
        at: z.string(),
        companyId: z.string().optional().describe('The company of an item_* event'),
        reasonCode: z.string().optional().describe('Why an item_down site was down (lower_snake, as in items and stats)'),
      }),
    ),
    cursor: z.number().describe('Last seq returned (pass back as cursor)'),
    hasMore: z.boolean(),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => {
    const table = requireTenant(ctx).table;
    await getTaskRecord(table, path.id);
    return listEvents(table, path.id, query.cursor, query.limit);
  },
  guidance: (r, i) => ({
    next: 'site_enrichment_tasks_events',
    why: 'Read on from the returned cursor.',
    check: `GET /api/site-enrichment/tasks/${i.path.id}/events?cursor=${r.cursor}`,
  }),
});
export const handler = lambdaHandler(operation);
