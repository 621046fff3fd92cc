import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { createPipeline } from '../../shared/crm/pipelines/pipelines.js';
import { MAX_STAGES, STAGE_KINDS } from '../../shared/crm/pipelines/types.js';
import { lambdaHandler } from '../lambda.js';
import { pipelines_createOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'pipelines_create',
  method: 'POST',
  path: '/api/pipelines',
  tag: 'leads',
  summary: 'Create a pipeline',
  description:
    `Body {name, stages?:[{name, kind?: open | won | lost}] (1-${MAX_STAGES}, unique names, at least one open), isDefault?}. ` +
    'Without stages it gets New, Contacted, Qualified, Won (won), Lost (lost). isDefault=true makes it the default pipeline; when omitted it becomes ' +
    'the default only if the workspace has none (leads_create without pipelineId uses the default). 201 with the pipeline.',
  output: pipelines_createOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: {
    body: z.strictObject({
      name: z.string().trim().min(1).max(120),
      stages: z
        .array(z.strictObject({ name: z.string().trim().min(1).max(80), kind: z.enum(STAGE_KINDS).optional() }))
        .min(1)
        .max(MAX_STAGES)
        .optional(),
      isDefault: z.boolean().optional(),
    }),
  },
  successStatus: 201,
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => createPipeline(ctx.deps, requireTenant(ctx), body),
  guidance: (p) => ({ next: 'leads_create', why: `Pipeline ${p.name} is ready${p.isDefault ? ' and is the default' : ''}; create leads in it.` }),
});

export const handler = lambdaHandler(operation);
