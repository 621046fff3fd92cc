import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { LEAD_CONTACTS_MAX, LEADS_PER_CONTACT, leadsOfCompany } from '../../shared/crm/leads/of-company.js';
import { lambdaHandler } from '../lambda.js';
import { companies_leadsOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'companies_leads',
  method: 'GET',
  path: '/api/companies/{id}/leads',
  tag: 'companies',
  summary: 'The leads of a company',
  description:
    `\`{companyId, data: [lead], complete}\`: the leads of the company's contacts, newest first. Reads up to ${LEAD_CONTACTS_MAX} contacts and ` +
    `the newest ${LEADS_PER_CONTACT} leads of each; complete=false when there were more. 404 for an unknown company.`,
  output: companies_leadsOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { path: z.strictObject({ id: z.string().min(1).max(64) }), query: z.strictObject({}) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => leadsOfCompany(requireTenant(ctx).table, path.id),
  guidance: (r) => ({ next: 'LeadsController_dossier', why: `${r.data.length} lead(s); open one's dossier with its id.` }),
});
export const handler = lambdaHandler(operation);
