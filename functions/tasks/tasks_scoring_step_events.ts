import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { stepEvents } from '../../shared/research/scoring/results.js';
import { getScoringTask } from '../../shared/research/scoring/tasks.js';
import { lambdaHandler } from '../lambda.js';
import { scoringTaskPath } from '../scoring/schema.js';

export const operation = defineOperation({
  operationId: 'tasks_scoring_step_events',
  method: 'GET',
  path: '/api/tasks/{id}/scoring-step-events',
  tag: 'tasks',
  summary: 'Step executions of a scoring task',
  description:
    'One event per executed step {companyId, step, status, durationMs, at}; optional companyId. {data:[], total:0} is legitimate for items scored through the batch AI_CONTENT path.',
  access: 'tenant',
  scope: 'tasks:read',
  input: {
    path: scoringTaskPath,
    query: z.strictObject({
      companyId: z
        .string()
        .min(1)
        .max(64)
        .regex(/^[^#]+$/)
        .optional(),
    }),
  },
  output: z.looseObject({ data: z.array(z.looseObject({ companyId: z.string(), step: z.string(), status: z.string() })), total: z.number() }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => {
    const table = requireTenant(ctx).table;
    await getScoringTask(table, path.id);
    return stepEvents(table, path.id, query.companyId);
  },
  guidance: (_r, i) => ({ next: 'scoring_results_list', why: 'The results these steps produced.', check: `GET /tasks/${i.path.id}/scoring-results` }),
});
export const handler = lambdaHandler(operation);
