import * as z from 'zod';
import { createLeadFromDialog } from '../../shared/mailing/dialogs/dialogs.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { createLeadOutput } from './lead-outputs.js';

export const operation = defineOperation({
  operationId: 'DialogsController_createLead',
  method: 'POST',
  path: '/api/dialogs/{id}/lead',
  tag: 'dialogs',
  summary: 'Promote a dialog to a lead',
  description:
    "A lead linked to the dialog's contact (source dialog, sourceRef = dialog id, the thread attached), on the default pipeline or body pipelineId; " +
    "400 'no default pipeline; call pipelines_create' without one; 400 when the dialog has no contact. Emits lead.created. 201.",
  access: 'tenant',
  scope: 'crm:write',
  resources: ['queue:webhooks'],
  input: {
    path: z.strictObject({ id: z.string().min(1).max(64) }),
    body: z.strictObject({
      pipelineId: z.string().trim().max(200).optional(),
      stageId: z.string().min(1).max(64).optional(),
      title: z.string().trim().min(1).max(200).optional(),
      value: z.number().min(0).max(1e12).optional(),
    }),
  },
  output: createLeadOutput,
  successStatus: 201,
  hints: { readOnly: false, idempotent: false },
  handler: async ({ path, body }, ctx) => createLeadFromDialog(ctx.deps, requireTenant(ctx), path.id, body),
  guidance: (l) => ({ next: 'LeadsController_dossier', why: `Lead ${l.id} created from the dialog.` }),
});
export const handler = lambdaHandler(operation);
