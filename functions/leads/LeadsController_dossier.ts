import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { dossier } from '../../shared/crm/leads/views.js';
import { idSchema } from '../../shared/crm/leads/schemas.js';
import { lambdaHandler } from '../lambda.js';
import { LeadsController_dossierOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'LeadsController_dossier',
  method: 'GET',
  path: '/api/leads/{id}/dossier',
  tag: 'leads',
  summary: 'Lead dossier: lead, contact, company and activity in one read',
  description:
    '{lead, pipeline{id, name}, stage{id, name, kind, position}, contact (with channels and their verification), company, otherLeads (of the same contact), ' +
    'activity:[newest first: created, moved, interest, task, note, event], activityCursor}. 404 for a lead not in this workspace.',
  output: LeadsController_dossierOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { path: z.strictObject({ id: idSchema }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => dossier(requireTenant(ctx).table, path.id),
  guidance: () => ({ next: 'LeadsController_setInterest', why: 'Record how interested the contact is.' }),
});

export const handler = lambdaHandler(operation);
