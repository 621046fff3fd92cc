import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listPipelines } from '../../shared/crm/pipelines/pipelines.js';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { lambdaHandler } from '../lambda.js';
import { pipelines_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'pipelines_list',
  method: 'GET',
  path: '/api/pipelines',
  tag: 'leads',
  summary: 'List pipelines with their stages',
  description:
    '{data:[{id, name, isDefault, leadCount, stages:[{id, name, kind (open | won | lost), position, leadCount}], createdAt}], nextCursor}, oldest first. ' +
    'pageSize 1-100 (default 20); pass cursor for the next page (nextCursor null = end). Every workspace starts with a default pipeline New, Contacted, Qualified, Won, Lost.',
  output: pipelines_listOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { query: z.strictObject({ ...pageQuery(100, 20) }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listPipelines(requireTenant(ctx).table, toPage(query)),
  guidance: (r) =>
    r.data.length === 0
      ? { next: 'pipelines_create', why: 'No pipeline yet: leads need one.' }
      : {
          next: 'leads_create',
          why: 'Create a lead for a contact; it lands in the first open stage of the default pipeline unless pipelineId/stageId are given.',
        },
});

export const handler = lambdaHandler(operation);
