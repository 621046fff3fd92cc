import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { TASK_STATUSES } from '../../shared/research/enrichment/entities.js';
import { listTasks } from '../../shared/research/enrichment/views.js';
import { lambdaHandler } from '../lambda.js';
import { taskOutput } from './schema.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

export const operation = defineOperation({
  operationId: 'site_enrichment_tasks_list',
  method: 'GET',
  path: '/api/site-enrichment/tasks',
  tag: 'enrichment',
  summary: 'List site enrichment tasks',
  description: 'Newest first; filters status, scoringTaskId, owned (true: created by the calling user). Pages by page/pageSize.',
  access: 'tenant',
  scope: 'crm:read',
  input: {
    query: z.strictObject({
      status: z.enum(TASK_STATUSES).optional(),
      scoringTaskId: z.string().max(64).optional(),
      owned: z.enum(['true', 'false']).optional(),
      page: z.coerce.number().int().min(1).max(100).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
  },
  output: checkedOutput(
    z.looseObject({
      data: z.array(taskOutput).describe('Tasks of this page, newest first'),
      page: z.number().describe('Page number applied'),
      pageSize: z.number().describe('Page size applied'),
    }),
  ),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) =>
    listTasks(requireTenant(ctx).table, { ...query, owned: query.owned === undefined ? undefined : query.owned === 'true', userId: ctx.principal?.userId }),
  guidance: () => ({ next: 'site_enrichment_tasks_get', why: 'Counters of one task.', check: 'GET /api/site-enrichment/tasks/{id}' }),
});
export const handler = lambdaHandler(operation);
