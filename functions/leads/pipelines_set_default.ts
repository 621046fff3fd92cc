import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { setDefaultPipeline } from '../../shared/crm/pipelines/pipelines.js';
import { idSchema } from '../../shared/crm/leads/schemas.js';
import { lambdaHandler } from '../lambda.js';
import { pipelines_set_defaultOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'pipelines_set_default',
  method: 'POST',
  path: '/api/pipelines/{id}/default',
  tag: 'leads',
  summary: 'Make a pipeline the default',
  description: 'No body. The default pipeline receives leads created without pipelineId. Returns the pipeline; 404 when it is not in this workspace.',
  output: pipelines_set_defaultOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { path: z.strictObject({ id: idSchema }) },
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path }, ctx) => setDefaultPipeline(ctx.deps, requireTenant(ctx), path.id),
  guidance: () => ({ next: 'leads_create', why: 'Leads without pipelineId now go to this pipeline.' }),
});

export const handler = lambdaHandler(operation);
