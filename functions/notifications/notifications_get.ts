import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getNotification } from '../../shared/workspace/notifications/notifications.js';
import { lambdaHandler } from '../lambda.js';
import { notifications_getOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'notifications_get',
  method: 'GET',
  path: '/api/notifications/{id}',
  tag: 'notifications',
  summary: 'One notification of the workspace feed',
  description: 'The notification {id, kind, title, message, createdAt, createdBy}; 404 when it does not exist in this workspace.',
  output: notifications_getOutput,
  access: 'tenant',
  scope: 'workspace:read',
  input: { path: z.strictObject({ id: z.string().min(1).max(64) }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => getNotification(requireTenant(ctx), path.id),
  guidance: () => ({ next: 'notifications_list', why: 'The rest of the feed, newest first.' }),
});

export const handler = lambdaHandler(operation);
