import * as z from 'zod';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listNotifications } from '../../shared/workspace/notifications/notifications.js';
import { lambdaHandler } from '../lambda.js';
import { notifications_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'notifications_list',
  method: 'GET',
  path: '/api/notifications',
  tag: 'notifications',
  summary: 'Workspace notification feed (newest first)',
  description:
    '{data:[{id, kind, title, message, createdAt, createdBy}], nextCursor}. pageSize 1-100 (default 50); pass cursor for the next page (nextCursor null = end); kind filters (e.g. self_note).',
  output: notifications_listOutput,
  access: 'tenant',
  scope: 'workspace:read',
  input: {
    query: z.strictObject({
      ...pageQuery(),
      kind: z
        .string()
        .regex(/^[a-z_]{1,40}$/)
        .optional(),
    }),
  },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listNotifications(requireTenant(ctx), toPage(query)),
  guidance: (r) =>
    r.nextCursor ? { next: 'notifications_list', why: 'More notifications: call again with cursor = nextCursor.' } : { next: null, why: 'End of the feed.' },
});

export const handler = lambdaHandler(operation);
