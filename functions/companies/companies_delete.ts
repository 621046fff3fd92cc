import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { deleteCompany } from '../../shared/crm/companies/companies.js';
import { lambdaHandler } from '../lambda.js';
import { idParam } from './companies_get.js';
import { companies_deleteOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'companies_delete',
  method: 'DELETE',
  path: '/api/companies/{id}',
  tag: 'companies',
  summary: 'Delete a company',
  description:
    'Deletes the company and its custom-field values; it drops out of company lists. Contacts are kept. 404 for an unknown id. Its id is never reused: importing its domain again creates a company with a new id.',
  output: companies_deleteOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { path: idParam },
  hints: { destructive: true, idempotent: false },
  handler: async ({ path }, ctx) => deleteCompany(requireTenant(ctx).table, path.id),
  guidance: () => ({ next: 'companies_list', why: 'Company deleted.' }),
});
export const handler = lambdaHandler(operation);
