import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { moveLead } from '../../shared/crm/leads/leads.js';
import { idSchema } from '../../shared/crm/leads/schemas.js';
import { lambdaHandler } from '../lambda.js';
import { LeadsController_moveOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'LeadsController_move',
  method: 'POST',
  path: '/api/leads/{id}/move',
  tag: 'leads',
  summary: 'Move a lead to another stage of its pipeline',
  description:
    "Body {stageId}: a stage of the lead's own pipeline (404 otherwise, and for a lead not in this workspace). Emits lead.moved, plus lead.won or lead.lost " +
    "when the stage is of kind won/lost (status becomes won/lost, closedAt set; moving back to an open stage reopens it). The stage's automations run in the " +
    'same transaction; automationsFired lists what they wrote. Moving to the current stage is a no-op (moved:false). 409 on a concurrent move.',
  output: LeadsController_moveOutput,
  resources: ['queue:webhooks'],
  access: 'tenant',
  scope: 'crm:write',
  input: { path: z.strictObject({ id: idSchema }), body: z.strictObject({ stageId: idSchema }) },
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => moveLead(ctx.deps, requireTenant(ctx), path.id, body.stageId),
  guidance: (l) =>
    l.status === 'open'
      ? { next: 'LeadsController_dossier', why: 'Review the lead before its next step.' }
      : { next: 'LeadsController_kanban', why: `The lead is ${l.status}; it stays in its closing stage.` },
});

export const handler = lambdaHandler(operation);
