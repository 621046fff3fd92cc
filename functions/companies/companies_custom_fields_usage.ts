import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { customFieldUsage, USAGE_MAX_LISTS, USAGE_MAX_READ } from '../../shared/crm/custom-fields/usage.js';
import { usageQuery } from '../../shared/crm/custom-fields/schema.js';
import { lambdaHandler } from '../lambda.js';
import { companies_custom_fields_usageOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'companies_custom_fields_usage',
  method: 'GET',
  path: '/api/companies/custom-fields/usage',
  tag: 'companies',
  summary: 'Where a company custom field is used',
  description:
    '`?slug=`: how many companies hold a value (`holders`) and which SMART company lists filter on cf_<slug> (`smartLists`). A number field is ' +
    `counted on its value index; a text or date field reads the companies themselves: at most ${USAGE_MAX_READ} are read, beyond that ` +
    `holders.count is a lower bound with complete=false. Up to ${USAGE_MAX_LISTS} lists are checked. 404 for an unknown slug.`,
  output: companies_custom_fields_usageOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { query: usageQuery },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => customFieldUsage(requireTenant(ctx).table, 'company', query.slug),
  guidance: (u) => ({ next: 'companies_list', why: `List the companies with a value: filters=[{"field":"cf_${u.slug}",…}].` }),
});
export const handler = lambdaHandler(operation);
