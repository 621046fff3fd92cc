import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { taskIdPath, taskOutput } from '../../shared/mailing/tasks/schema.js';
import { cancelTask } from '../../shared/mailing/tasks/lifecycle.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'tasks_cancel',
  method: 'POST',
  path: '/api/tasks/{id}/cancel',
  tag: 'tasks',
  summary: 'Cancel a task',
  description: 'DRAFT, ACTIVE or PAUSED → CANCELLED: nothing more is sent, unsent items become CANCELLED. 409 task_final for a finished task.',
  access: 'tenant',
  scope: 'tasks:write',
  input: { path: taskIdPath },
  output: taskOutput,
  resources: ['queue:sends'],
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path }, ctx) => cancelTask(ctx.deps, requireTenant(ctx), path.id),
  guidance: (t) => ({ next: 'tasks_items', why: 'Cancelled: items show what was sent before.', check: `GET /api/tasks/${t.id}` }),
});
export const handler = lambdaHandler(operation);
