import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { promptOf } from '../../shared/research/scoring/prompt.js';
import { getScoringTask } from '../../shared/research/scoring/tasks.js';
import { lambdaHandler } from '../lambda.js';
import { scoringTaskPath } from './schema.js';

export const operation = defineOperation({
  operationId: 'scoring_prompt_get',
  method: 'GET',
  path: '/api/icp-tasks/{id}/scoring-prompt',
  tag: 'scoring',
  summary: 'The ICP prompt a scoring task runs',
  description:
    'The template actually sent (variables {{url}} {{title}} {{description}} {{keywords}} {{content}} substituted per company) and its source: custom (modules.icpreview.ai_request), brief, or default.',
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: scoringTaskPath },
  output: z.looseObject({
    taskId: z.string(),
    source: z.enum(['brief', 'custom', 'default']),
    prompt: z.string().describe('Template'),
    variables: z.array(z.string()),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => {
    const task = await getScoringTask(requireTenant(ctx).table, path.id);
    const p = promptOf(task.options as Record<string, unknown>);
    return { taskId: path.id, source: p.source, prompt: p.template, variables: ['url', 'title', 'description', 'keywords', 'content'] };
  },
  guidance: (r) => ({ next: 'scoring_results_list', why: 'See what the prompt produced.', check: `GET /tasks/${r.taskId}/scoring-results` }),
});
export const handler = lambdaHandler(operation);
