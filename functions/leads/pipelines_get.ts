import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { readPipeline } from '../../shared/crm/pipelines/pipelines.js';
import { idSchema } from '../../shared/crm/leads/schemas.js';
import { lambdaHandler } from '../lambda.js';
import { pipelines_getOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'pipelines_get',
  method: 'GET',
  path: '/api/pipelines/{id}',
  tag: 'leads',
  summary: 'Get a pipeline with its stages and automations',
  description:
    '{id, name, isDefault, leadCount, stages:[...], automations:[{id, stageId, name, trigger, actions}]}. 404 when the pipeline is not in this workspace.',
  output: pipelines_getOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { path: z.strictObject({ id: idSchema }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => {
    const { pipeline, automations } = await readPipeline(requireTenant(ctx).table, path.id);
    return { ...pipeline, automations };
  },
  guidance: () => ({ next: 'LeadsController_kanban', why: 'See the leads of this pipeline per stage.' }),
});

export const handler = lambdaHandler(operation);
