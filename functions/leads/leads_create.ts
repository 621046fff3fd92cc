import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { createLead } from '../../shared/crm/leads/leads.js';
import { idSchema } from '../../shared/crm/leads/schemas.js';
import { INTEREST_LEVELS, LEAD_SOURCES } from '../../shared/crm/leads/types.js';
import { lambdaHandler } from '../lambda.js';
import { leads_createOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'leads_create',
  method: 'POST',
  path: '/api/leads',
  tag: 'leads',
  summary: 'Create a lead for a contact',
  description:
    'Body {contactId, pipelineId? (text; the default pipeline when omitted or empty), stageId? (default: first open stage), title?, value?, currency?, ' +
    `interest? (${INTEREST_LEVELS.join(' | ')}), source? (${LEAD_SOURCES.join(' | ')}), sourceRef?}. ` +
    "404 when the contact, pipeline or stage is not in this workspace; 400 'no default pipeline; call pipelines_create' when pipelineId is omitted and " +
    "the workspace has no default pipeline. Emits lead.created (and lead.won / lead.lost for a closing stage) with the change; the stage's automations run. 201 with the lead.",
  output: leads_createOutput,
  resources: ['queue:webhooks'],
  access: 'tenant',
  scope: 'crm:write',
  input: {
    body: z.strictObject({
      contactId: idSchema,
      // Text, optional: empty means "the default pipeline"; an id that cannot exist is a 404 like any unknown one.
      pipelineId: z.string().trim().max(200).optional(),
      stageId: idSchema.optional(),
      title: z.string().trim().min(1).max(200).optional(),
      value: z.number().min(0).max(1e12).optional(),
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code')
        .optional(),
      interest: z.enum(INTEREST_LEVELS).optional(),
      source: z.enum(LEAD_SOURCES).optional(),
      sourceRef: z.string().min(1).max(200).optional(),
    }),
  },
  successStatus: 201,
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => createLead(ctx.deps, requireTenant(ctx), { ...body, pipelineId: body.pipelineId || undefined }),
  guidance: (l) => ({ next: 'LeadsController_dossier', why: `Lead ${l.id} created; the dossier shows it with its contact, company and timeline.` }),
});

export const handler = lambdaHandler(operation);
