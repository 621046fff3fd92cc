import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getCompany } from '../../shared/crm/companies/companies.js';
import { listDefinitions } from '../../shared/crm/custom-fields/definitions.js';
import { describeValues } from '../../shared/crm/custom-fields/values.js';
import { lambdaHandler } from '../lambda.js';
import { companies_custom_fields_valuesOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'companies_custom_fields_values',
  method: 'GET',
  path: '/api/companies/custom-fields/{companyId}/values',
  tag: 'companies',
  summary: 'Custom-field values of a company',
  description: 'One entry per definition {slug, label, fieldType, value} (value null when unset). 404 for an unknown company.',
  output: companies_custom_fields_valuesOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { path: z.strictObject({ companyId: z.string().min(1).max(64) }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => {
    const table = requireTenant(ctx).table;
    const [company, defs] = await Promise.all([getCompany(table, path.companyId), listDefinitions(table, 'company')]);
    return { companyId: company.id, data: describeValues(defs, company.customFields) };
  },
  guidance: (v) => ({ next: 'companies_update', why: `Values of company ${v.companyId}; change them with customFields on update.` }),
});
export const handler = lambdaHandler(operation);
