import * as z from 'zod';
import { getThread } from '../../shared/mailing/dialogs/full-thread.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { threadOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'DialogsController_getThread',
  method: 'GET',
  path: '/api/dialogs/{id}',
  tag: 'dialogs',
  summary: 'Read one dialog thread',
  description:
    'The dialog with its messages oldest first, attachments listed (filename, contentType, size, sha256; download one with DialogsController_getAttachment by messageKey and index). markRead=true marks it read. 404 when absent.',
  access: 'tenant',
  scope: 'crm:read',
  input: {
    path: z.strictObject({ id: z.string().min(1).max(64) }),
    query: z.strictObject({ markRead: z.enum(['true', 'false']).optional() }),
  },
  output: threadOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => getThread(requireTenant(ctx).table, path.id, { markRead: query.markRead === 'true' }),
  guidance: (t) => ({
    next: t.classification ? 'DialogsController_generateReply' : 'DialogsController_classifyReply',
    why:
      t.classification === 'interested'
        ? 'An interested reply: draft an answer (DialogsController_generateReply) and promote it to a lead (DialogsController_createLead).'
        : 'Classify, then answer.',
  }),
});
export const handler = lambdaHandler(operation);
