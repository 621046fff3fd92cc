import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { createDefinition } from '../../shared/crm/custom-fields/definitions.js';
import { definitionBody } from '../../shared/crm/custom-fields/schema.js';
import { lambdaHandler } from '../lambda.js';
import { contacts_custom_fields_createOutput } from '../companies/outputs.js';

/** Lives with the company custom fields (same domain code, shared/crm/custom-fields); tag = folder. */
export const operation = defineOperation({
  operationId: 'contacts_custom_fields_create',
  method: 'POST',
  path: '/api/contacts/custom-fields',
  tag: 'contacts',
  summary: 'Define a contact custom field',
  description:
    'Body {slug, label, fieldType} with fieldType number | text | date, as for companies. Contacts accept `customFields` {slug: value}, and ' +
    'GET /api/contacts `filters` accepts only cf_<slug> rules. A slug already defined → 409. Email and phone are channels, not custom fields.',
  output: contacts_custom_fields_createOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { body: definitionBody },
  successStatus: 201,
  handler: async ({ body }, ctx) => createDefinition(requireTenant(ctx).table, 'contact', body, ctx.deps.clock.now()),
  guidance: (d) => ({ next: 'contacts_create', why: `Set customFields.${d.slug} on contacts; filter with cf_${d.slug}.` }),
});
export const handler = lambdaHandler(operation);
