import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { createSelfNote } from '../../shared/workspace/notifications/notifications.js';
import { lambdaHandler } from '../lambda.js';
import { notifications_self_noteOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'notifications_self_note',
  method: 'POST',
  path: '/api/notifications/self-note',
  tag: 'notifications',
  summary: 'Leave a note in the workspace notification feed',
  description:
    'Body {title (1-200), message (1-4000)}. Stores a self_note in the workspace feed (e.g. a reminder or a hand-over between agent runs); 201 with the notification.',
  output: notifications_self_noteOutput,
  access: 'tenant',
  scope: 'workspace:write',
  input: { body: z.strictObject({ title: z.string().trim().min(1).max(200), message: z.string().trim().min(1).max(4000) }) },
  successStatus: 201,
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => createSelfNote(ctx, requireTenant(ctx), body),
  guidance: () => ({ next: 'notifications_list', why: 'The note is now first in the workspace feed.' }),
});

export const handler = lambdaHandler(operation);
