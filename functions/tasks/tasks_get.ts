import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { taskIdPath, taskOutput } from '../../shared/mailing/tasks/schema.js';
import { getTask } from '../../shared/mailing/tasks/tasks.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'tasks_get',
  method: 'GET',
  path: '/api/tasks/{id}',
  tag: 'tasks',
  summary: 'Get one task with its progress counters',
  description: 'Status, approvalStatus (with who approved and the creative version), pauseReason and counters. 404 when absent.',
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: taskIdPath },
  output: taskOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => getTask(requireTenant(ctx).table, path.id),
  guidance: (t) => ({
    next: 'tasks_items',
    why: 'Items show each recipient: sent, bounced, or skipped with its reason.',
    check: `GET /api/tasks/${t.id}/items?status=SKIPPED`,
  }),
});
export const handler = lambdaHandler(operation);
