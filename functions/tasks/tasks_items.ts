import * as z from 'zod';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { itemsQuery, taskItemsOutput } from '../../shared/mailing/tasks/schema.js';
import { listTaskItems } from '../../shared/mailing/tasks/items.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'tasks_items',
  method: 'GET',
  path: '/api/tasks/{id}/items',
  tag: 'tasks',
  summary: 'List the send items of a task',
  description:
    'One item per list member: QUEUED, SENDING, SENT, BOUNCED, FAILED, CANCELLED, or SKIPPED with a reason (no_email_channel, suppressed, stop_listed, invalid_address, role_address, already_contacted, contact_not_found). Query status, reason, pageSize, cursor.',
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: z.strictObject({ id: z.string().min(1).max(64) }), query: z.strictObject({ ...pageQuery(1000, 100), ...itemsQuery }) },
  output: taskItemsOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => listTaskItems(requireTenant(ctx).table, path.id, toPage(query)),
  guidance: () => ({ next: 'tasks_get', why: 'Counters summarise the items.' }),
});
export const handler = lambdaHandler(operation);
