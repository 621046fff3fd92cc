import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { startScoring } from '../../shared/research/scoring/results.js';
import { lambdaHandler } from '../lambda.js';
import { guideResults, scoringTaskPath } from './schema.js';

export const operation = defineOperation({
  operationId: 'scoring_results_retry',
  method: 'POST',
  path: '/tasks/{id}/scoring-results/retry',
  tag: 'scoring',
  summary: "Score a task's companies again",
  description:
    "Runs a scoring task (methodId 22); the only operation that does (tasks_start is for mailing tasks). Queues the steps for every company of the task's list, or with contradictoryOnly=true only for companies whose result is contradictory. Answers at once {taskId, queued}; results follow.",
  access: 'tenant',
  scope: 'tasks:write',
  resources: ['queue:crawls'],
  input: { path: scoringTaskPath, body: z.strictObject({ contradictoryOnly: z.boolean().optional() }) },
  output: z.looseObject({ taskId: z.string(), queued: z.number().describe('Companies queued') }),
  successStatus: 202,
  hints: { readOnly: false, idempotent: false },
  handler: async ({ path, body }, ctx) => {
    const tenant = requireTenant(ctx);
    const { taskId, queued } = await startScoring(ctx.deps, tenant.tenantId, path.id, { contradictoryOnly: body.contradictoryOnly });
    return { taskId, queued };
  },
  guidance: (r) => guideResults(r.taskId),
});
export const handler = lambdaHandler(operation);
