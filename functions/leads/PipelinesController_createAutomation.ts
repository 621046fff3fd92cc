import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { createAutomation } from '../../shared/crm/pipelines/automations.js';
import { MAX_ACTIONS_PER_AUTOMATION, MAX_AUTOMATIONS_PER_STAGE } from '../../shared/crm/pipelines/types.js';
import { idSchema } from '../../shared/crm/leads/schemas.js';
import { lambdaHandler } from '../lambda.js';
import { PipelinesController_createAutomationOutput } from './outputs.js';

const action = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('task'), title: z.string().trim().min(1).max(200), dueInDays: z.number().int().min(0).max(365).optional() }),
  z.strictObject({ type: z.literal('note'), text: z.string().trim().min(1).max(4000) }),
  z.strictObject({ type: z.literal('notify'), title: z.string().trim().min(1).max(200), message: z.string().trim().min(1).max(4000).optional() }),
  z.strictObject({ type: z.literal('event'), name: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'name must be lower-case letters, digits, . _ -') }),
]);

export const operation = defineOperation({
  operationId: 'PipelinesController_createAutomation',
  method: 'POST',
  path: '/api/pipelines/{id}/automations',
  tag: 'leads',
  summary: 'Run actions when a lead enters a stage',
  description:
    `Body {stageId, name?, actions:[1-${MAX_ACTIONS_PER_AUTOMATION}]} with actions {type:'task', title, dueInDays? (default 1)} (a task on the lead's timeline), ` +
    `{type:'note', text} (a note on the timeline), {type:'notify', title, message?} (an item in notifications_list, kind lead_automation), ` +
    `{type:'event', name} (a custom event on the lead's timeline; webhooks carry only the spec's lead.* kinds). ` +
    `They run in the same transaction as LeadsController_move (and leads_create) into that stage. At most ${MAX_AUTOMATIONS_PER_STAGE} per stage. ` +
    '404 for a pipeline or stage that is not in this workspace. 201 with the automation.',
  output: PipelinesController_createAutomationOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: {
    path: z.strictObject({ id: idSchema }),
    body: z.strictObject({
      stageId: idSchema,
      name: z.string().trim().min(1).max(120).optional(),
      actions: z.array(action).min(1).max(MAX_ACTIONS_PER_AUTOMATION),
    }),
  },
  successStatus: 201,
  hints: { readOnly: false, idempotent: false },
  handler: async ({ path, body }, ctx) => createAutomation(ctx.deps, requireTenant(ctx), path.id, body),
  guidance: () => ({ next: 'LeadsController_move', why: 'Move a lead into the stage to fire the automation.' }),
});

export const handler = lambdaHandler(operation);
