import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { deletePipeline } from '../../shared/crm/pipelines/pipelines.js';
import { idSchema } from '../../shared/crm/leads/schemas.js';
import { lambdaHandler } from '../lambda.js';
import { pipelines_deleteOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'pipelines_delete',
  method: 'DELETE',
  path: '/api/pipelines/{id}',
  tag: 'leads',
  summary: 'Delete an empty pipeline',
  description:
    'Deletes a pipeline with its stages and automations. 409 while it still holds leads; 404 when it is not in this workspace. ' +
    'Deleting the default pipeline leaves the workspace without one: leads_create then needs pipelineId (or pipelines_set_default / pipelines_create).',
  output: pipelines_deleteOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { path: z.strictObject({ id: idSchema }) },
  hints: { readOnly: false, destructive: true, idempotent: false },
  handler: async ({ path }, ctx) => deletePipeline(requireTenant(ctx), path.id),
  guidance: () => ({ next: 'pipelines_list', why: 'Check which pipeline is the default now.' }),
});

export const handler = lambdaHandler(operation);
