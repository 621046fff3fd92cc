import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { taskIdPath, taskOutput } from '../../shared/mailing/tasks/schema.js';
import { resumeTask } from '../../shared/mailing/tasks/lifecycle.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'tasks_resume',
  method: 'POST',
  path: '/api/tasks/{id}/resume',
  tag: 'tasks',
  summary: 'Resume a paused task',
  description:
    'PAUSED → ACTIVE (whatever paused it: manual, insufficient_balance after a top-up, a sender problem fixed); unsent items go back on the queue. 409 task_not_paused or not_approved.',
  access: 'tenant',
  scope: 'tasks:write',
  input: { path: taskIdPath },
  output: taskOutput,
  resources: ['queue:sends'],
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path }, ctx) => resumeTask(ctx.deps, requireTenant(ctx), path.id),
  guidance: (t) => ({ next: 'tasks_get', why: 'Delivery continues; watch the counters.', check: `GET /api/tasks/${t.id}` }),
});
export const handler = lambdaHandler(operation);
