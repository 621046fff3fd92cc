import * as z from 'zod';
import { listDialogs } from '../../shared/mailing/dialogs/dialogs.js';
import { CLASSIFICATIONS } from '../../shared/mailing/dialogs/entities.js';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { dialogListOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'dialogs_list',
  method: 'GET',
  path: '/api/dialogs',
  tag: 'dialogs',
  summary: 'List dialogs (the two-way inbox)',
  description:
    'Conversations read from the connected mailboxes, latest activity first. Filters: unread, classification, campaignId, accountId (mailbox); ' +
    'pageSize and cursor (a filtered page may be short: follow nextCursor).',
  access: 'tenant',
  scope: 'crm:read',
  input: {
    query: z.strictObject({
      ...pageQuery(),
      unread: z.enum(['true', 'false']).optional().describe('Only unread (true) or read (false) dialogs'),
      classification: z.enum(CLASSIFICATIONS).optional(),
      campaignId: z.string().min(1).max(64).optional().describe('Threads started by this campaign'),
      accountId: z.string().min(1).max(64).optional().describe('Sender mailbox'),
    }),
  },
  output: dialogListOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) =>
    listDialogs(requireTenant(ctx).table, { ...toPage(query), unread: query.unread === undefined ? undefined : query.unread === 'true' }),
  guidance: (r) => ({
    next: r.data.length ? 'DialogsController_getThread' : null,
    why: r.data.length
      ? 'Open a thread to read it, then DialogsController_classifyReply, DialogsController_generateReply, DialogsController_reply or DialogsController_createLead.'
      : 'No dialogs yet: replies appear after the inbox sync (dialogs_sync).',
  }),
});
export const handler = lambdaHandler(operation);
