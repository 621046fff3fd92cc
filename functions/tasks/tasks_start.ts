import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { taskIdPath, taskOutput } from '../../shared/mailing/tasks/schema.js';
import { startTask } from '../../shared/mailing/tasks/start.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'tasks_start',
  method: 'POST',
  path: '/api/tasks/{id}/start',
  tag: 'tasks',
  summary: 'Start a mailing task',
  description:
    'Moves an approved task to ACTIVE and hands it to delivery: the contact list is screened (suppression, stop-list, invalid or role address, already contacted, no email) and each kept contact becomes a send item. 409 with code: not_approved, approval_stale, sender_suspended, sender_bounce_rate_exceeded, sender_dns_failed, sender_dns_unchecked, physical_address_missing, list_empty, task_not_startable. Mailing tasks only: methodId 22 is 400 (a scoring task runs through POST /tasks/{id}/scoring-results/retry).',
  access: 'tenant',
  scope: 'tasks:write',
  input: { path: taskIdPath },
  output: taskOutput,
  resources: ['queue:sends'],
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path }, ctx) => startTask(ctx.deps, requireTenant(ctx), path.id),
  guidance: (t) => ({ next: 'tasks_get', why: 'Delivery runs in the background; counters show progress.', check: `GET /api/tasks/${t.id}` }),
});
export const handler = lambdaHandler(operation);
