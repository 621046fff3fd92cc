import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { createDefinition } from '../../shared/crm/custom-fields/definitions.js';
import { definitionBody } from '../../shared/crm/custom-fields/schema.js';
import { lambdaHandler } from '../lambda.js';
import { companies_custom_fields_createOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'companies_custom_fields_create',
  method: 'POST',
  path: '/api/companies/custom-fields',
  tag: 'companies',
  summary: 'Define a company custom field',
  description:
    'Body {slug, label, fieldType}: slug lower_snake (then filter field `cf_<slug>`, import target `cf:<slug>`), fieldType number | text | date. ' +
    'Number fields are filterable (gt, gte, lt, lte, equals) and sortable (sort=cf_<slug>). A slug already defined → 409. At most 50 fields per entity.',
  output: companies_custom_fields_createOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { body: definitionBody },
  successStatus: 201,
  handler: async ({ body }, ctx) => createDefinition(requireTenant(ctx).table, 'company', body, ctx.deps.clock.now()),
  guidance: (d) => ({ next: 'companies_update', why: `Set customFields.${d.slug} on companies; filter with cf_${d.slug}.` }),
});
export const handler = lambdaHandler(operation);
