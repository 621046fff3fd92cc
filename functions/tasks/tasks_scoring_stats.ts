import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { scoringStats } from '../../shared/research/scoring/results.js';
import { getScoringTask } from '../../shared/research/scoring/tasks.js';
import { lambdaHandler } from '../lambda.js';
import { scoringTaskPath } from '../scoring/schema.js';

export const operation = defineOperation({
  operationId: 'tasks_scoring_stats',
  method: 'GET',
  path: '/api/tasks/{id}/scoring-stats',
  tag: 'tasks',
  summary: 'Outcome counts of a scoring task',
  description: 'scored, byOutcome (ACTIVE, SCORED_BELOW_THRESHOLD, UNAVAILABLE), byReason and the number of contradictory results.',
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: scoringTaskPath },
  output: z.looseObject({
    taskId: z.string().describe('The scoring task'),
    scored: z.number(),
    byOutcome: z.record(z.string(), z.number()),
    byReason: z.record(z.string(), z.number()),
    contradictory: z.number(),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => {
    const table = requireTenant(ctx).table;
    await getScoringTask(table, path.id);
    return scoringStats(table, path.id);
  },
  guidance: (_r, i) => ({
    next: 'scoring_results_list',
    why: 'Contradictory results need a look.',
    check: `GET /tasks/${i.path.id}/scoring-results?contradictory=true`,
  }),
});
export const handler = lambdaHandler(operation);
