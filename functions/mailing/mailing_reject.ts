import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { creativeVersion } from '../../shared/mailing/tasks/create.js';
import { rejectTask } from '../../shared/mailing/tasks/lifecycle.js';
import { taskOutput } from '../../shared/mailing/tasks/schema.js';
import { approverOf, getTaskItem } from '../../shared/mailing/tasks/tasks.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'mailing_reject',
  method: 'POST',
  path: '/api/mailing/{taskId}/reject',
  tag: 'mailing',
  summary: 'Reject a mailing task awaiting approval',
  description:
    'Body {note}: why. The task is CANCELLED (nothing of it is sent) with `rejection` {by, note, at, creativeVersion} recorded for whoever prepared it. Only a task awaiting approval (approvalStatus PENDING) is rejected: else 409 task_not_rejectable. Repeating it is harmless.',
  access: 'tenant',
  scope: 'mailing:write',
  input: {
    path: z.strictObject({ taskId: z.string().min(1).max(64) }),
    body: z.strictObject({ note: z.string().min(1).max(2000).describe('Why it is rejected') }),
  },
  output: taskOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => {
    const tenant = requireTenant(ctx);
    const task = await getTaskItem(tenant.table, path.taskId);
    const version = task.creativeId ? await creativeVersion(tenant.table, task.creativeId).catch(() => null) : null;
    const at = new Date(ctx.deps.clock.now()).toISOString();
    return rejectTask(ctx.deps, tenant, path.taskId, { by: approverOf(ctx.principal, ctx.request.channel), note: body.note, at, creativeVersion: version });
  },
  guidance: () => ({ next: 'tasks_create', why: 'Rejected: prepare a new task that answers the note.' }),
});
export const handler = lambdaHandler(operation);
