import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listResults } from '../../shared/research/scoring/results.js';
import { getScoringTask } from '../../shared/research/scoring/tasks.js';
import { lambdaHandler } from '../lambda.js';
import { guideResults, resultsOutput, scoringTaskPath } from './schema.js';

export const operation = defineOperation({
  operationId: 'scoring_results_list',
  method: 'GET',
  path: '/tasks/{id}/scoring-results',
  tag: 'scoring',
  summary: 'Scoring results of a task',
  description:
    'One result per company: outcome (ACTIVE, SCORED_BELOW_THRESHOLD, UNAVAILABLE), reasonCode, stepResults, contradictoryFields. contradictory=true narrows to results carrying the flag.',
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: scoringTaskPath, query: z.strictObject({ contradictory: z.enum(['true', 'false']).optional() }) },
  output: resultsOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => {
    const table = requireTenant(ctx).table;
    await getScoringTask(table, path.id);
    return listResults(table, path.id, { contradictory: query.contradictory === 'true' });
  },
  guidance: (_r, i) => guideResults(i.path.id),
});
export const handler = lambdaHandler(operation);
