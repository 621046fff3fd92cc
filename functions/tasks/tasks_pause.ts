import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { taskIdPath, taskOutput } from '../../shared/mailing/tasks/schema.js';
import { pauseTaskByUser } from '../../shared/mailing/tasks/lifecycle.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'tasks_pause',
  method: 'POST',
  path: '/api/tasks/{id}/pause',
  tag: 'tasks',
  summary: 'Pause an active task',
  description: 'ACTIVE → PAUSED (pauseReason manual). Items not yet sent wait; resume continues. 409 task_not_active otherwise.',
  access: 'tenant',
  scope: 'tasks:write',
  input: { path: taskIdPath },
  output: taskOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path }, ctx) => pauseTaskByUser(ctx.deps, requireTenant(ctx), path.id),
  guidance: (t) => ({ next: 'tasks_resume', why: 'Paused: resume when ready.', check: `GET /api/tasks/${t.id}` }),
});
export const handler = lambdaHandler(operation);
