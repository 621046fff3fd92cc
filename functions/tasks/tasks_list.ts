import * as z from 'zod';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { TASK_STATUSES } from '../../shared/mailing/tasks/entities.js';
import { taskListOutput } from '../../shared/mailing/tasks/schema.js';
import { listTasks } from '../../shared/mailing/tasks/tasks.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'tasks_list',
  method: 'GET',
  path: '/api/tasks',
  tag: 'tasks',
  summary: 'List tasks',
  description: 'Newest first. Query status, methodId, pageSize (1-100, default 50) and cursor.',
  access: 'tenant',
  scope: 'tasks:read',
  input: { query: z.strictObject({ ...pageQuery(), status: z.enum(TASK_STATUSES).optional(), methodId: z.coerce.number().int().min(1).max(99).optional() }) },
  output: taskListOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listTasks(requireTenant(ctx).table, toPage(query)),
  guidance: () => ({ next: 'tasks_get', why: 'Open one task for its counters.' }),
});
export const handler = lambdaHandler(operation);
