import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { customFieldUsage, USAGE_MAX_READ } from '../../shared/crm/custom-fields/usage.js';
import { usageQuery } from '../../shared/crm/custom-fields/schema.js';
import { lambdaHandler } from '../lambda.js';
import { contacts_custom_fields_usageOutput } from '../companies/outputs.js';

export const operation = defineOperation({
  operationId: 'contacts_custom_fields_usage',
  method: 'GET',
  path: '/api/contacts/custom-fields/usage',
  tag: 'contacts',
  summary: 'Where a contact custom field is used',
  description:
    '`?slug=`: how many contacts hold a value (`holders`). A number field is counted on its value index; a text or date field reads the ' +
    `contacts themselves: at most ${USAGE_MAX_READ} are read, beyond that holders.count is a lower bound with complete=false. ` +
    '`smartLists` is always empty (contact lists are STATIC; SMART company lists cannot name a contact field). 404 for an unknown slug.',
  output: contacts_custom_fields_usageOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { query: usageQuery },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => customFieldUsage(requireTenant(ctx).table, 'contact', query.slug),
  guidance: (u) => ({ next: 'contacts_list', why: `List the contacts with a value: filters=[{"field":"cf_${u.slug}",…}].` }),
});
export const handler = lambdaHandler(operation);
