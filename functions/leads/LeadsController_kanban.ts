import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { kanban } from '../../shared/crm/leads/views.js';
import { idSchema } from '../../shared/crm/leads/schemas.js';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { lambdaHandler } from '../lambda.js';
import { LeadsController_kanbanOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'LeadsController_kanban',
  method: 'GET',
  path: '/api/leads/kanban',
  tag: 'leads',
  summary: 'Kanban board: stages with their leads',
  description:
    'Query pipelineId? (default pipeline when omitted), pageSize 1-100 per stage (default 20), stageId? + cursor? for the next page of one column. ' +
    '{pipeline:{id, name, isDefault}, stages:[{id, name, kind, position, leadCount, leads:[lead + contact{id, firstName, lastName, email}], nextCursor}]}; ' +
    'leads newest-entered first; nextCursor null = end of that column. 404 for a pipeline or stage not in this workspace.',
  output: LeadsController_kanbanOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { query: z.strictObject({ pipelineId: idSchema.optional(), stageId: idSchema.optional(), ...pageQuery(100, 20) }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => kanban(requireTenant(ctx).table, toPage(query)),
  guidance: () => ({ next: 'LeadsController_move', why: 'Move a lead to its next stage; won/lost stages close it.' }),
});

export const handler = lambdaHandler(operation);
