import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { createStage } from '../../shared/crm/pipelines/pipelines.js';
import { MAX_STAGES, STAGE_KINDS } from '../../shared/crm/pipelines/types.js';
import { idSchema } from '../../shared/crm/leads/schemas.js';
import { lambdaHandler } from '../lambda.js';
import { PipelinesController_createStageOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'PipelinesController_createStage',
  method: 'POST',
  path: '/api/pipelines/{id}/stages',
  tag: 'leads',
  summary: 'Add a stage to a pipeline',
  description:
    `Body {name, kind?: open | won | lost (default open), position? (0-based place in the stage order)}. By default an open stage goes before the first ` +
    `won/lost stage and a closing stage goes last. Leads entering a won/lost stage emit lead.won / lead.lost. Names are unique per pipeline (409), ` +
    `at most ${MAX_STAGES} stages (400); 404 when the pipeline is not in this workspace. 201 with the stage.`,
  output: PipelinesController_createStageOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: {
    path: z.strictObject({ id: idSchema }),
    body: z.strictObject({
      name: z.string().trim().min(1).max(80),
      kind: z.enum(STAGE_KINDS).optional(),
      position: z.number().int().min(0).max(MAX_STAGES).optional(),
    }),
  },
  successStatus: 201,
  hints: { readOnly: false, idempotent: false },
  handler: async ({ path, body }, ctx) => createStage(ctx.deps, requireTenant(ctx), path.id, body),
  guidance: (s) => ({ next: 'PipelinesController_createAutomation', why: `Stage ${s.name} added; automations can run when a lead enters it.` }),
});

export const handler = lambdaHandler(operation);
