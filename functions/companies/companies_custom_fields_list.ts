import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listDefinitions } from '../../shared/crm/custom-fields/definitions.js';
import { lambdaHandler } from '../lambda.js';
import { companies_custom_fields_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'companies_custom_fields_list',
  method: 'GET',
  path: '/api/companies/custom-fields',
  tag: 'companies',
  summary: 'List company custom-field definitions',
  description: 'Every company custom-field definition {slug, label, fieldType, createdAt}, by slug.',
  output: companies_custom_fields_listOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: {},
  hints: { readOnly: true, idempotent: true },
  handler: async (_input, ctx) => ({ data: await listDefinitions(requireTenant(ctx).table, 'company') }),
  guidance: () => ({ next: 'companies_list', why: 'Filter companies with cf_<slug> rules.' }),
});
export const handler = lambdaHandler(operation);
