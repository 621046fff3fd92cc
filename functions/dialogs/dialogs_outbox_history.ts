import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { outboxHistory } from '../../shared/mailing/campaigns/outbox-history.js';
import { lambdaHandler } from '../lambda.js';
import { outboxHistoryOutput } from './outbox-outputs.js';
import { campaignIdPath } from '../campaigns/schema.js';

export const operation = defineOperation({
  operationId: 'dialogs_outbox_history',
  method: 'GET',
  path: '/api/dialogs/outbox/{id}/history',
  tag: 'dialogs',
  summary: 'Outbox of a campaign: every send task with its attempts and history',
  description:
    'id = campaign id. Per send task (one per recipient): id (<taskId>~<contactId>, what skip preview takes), status, attemptNumber, attemptLimit, issuedAt, leaseDeadline, workerId, profileId (sender mailbox), reasonCode, history. Query status, limit, cursor.',
  access: 'tenant',
  scope: 'tasks:read',
  input: {
    path: campaignIdPath,
    query: z.strictObject({
      status: z.enum(['QUEUED', 'SENDING', 'SENT', 'BOUNCED', 'FAILED', 'SKIPPED', 'CANCELLED']).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      cursor: z.string().max(2000).optional(),
    }),
  },
  output: outboxHistoryOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => outboxHistory(ctx.deps, requireTenant(ctx).tenantId, path.id, query),
});
export const handler = lambdaHandler(operation);
