import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { testTaskStatus } from '../../shared/mailing/campaigns/test-task-status.js';
import { lambdaHandler } from '../lambda.js';
import { id } from './schema.js';
import { testTaskOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'campaigns_test_task_status',
  method: 'GET',
  path: '/api/campaigns/{id}/test-tasks/{taskId}',
  tag: 'campaigns',
  summary: 'Status of an owner-address test',
  description:
    'decision.reasonCode (sent, queued, sending, outside_send_window, insufficient_balance, sender_*, bounced, failed), decision.nextAction and retryAt (when to look again).',
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: z.strictObject({ id, taskId: id }) },
  output: testTaskOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => testTaskStatus(ctx.deps, requireTenant(ctx).tenantId, path.id, path.taskId),
});
export const handler = lambdaHandler(operation);
