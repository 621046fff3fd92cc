import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listDefinitions } from '../../shared/crm/custom-fields/definitions.js';
import { lambdaHandler } from '../lambda.js';
import { contacts_custom_fields_listOutput } from '../companies/outputs.js';

export const operation = defineOperation({
  operationId: 'contacts_custom_fields_list',
  method: 'GET',
  path: '/api/contacts/custom-fields',
  tag: 'contacts',
  summary: 'List contact custom-field definitions',
  description: 'Every contact custom-field definition {slug, label, fieldType, createdAt}, by slug.',
  output: contacts_custom_fields_listOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: {},
  hints: { readOnly: true, idempotent: true },
  handler: async (_input, ctx) => ({ data: await listDefinitions(requireTenant(ctx).table, 'contact') }),
  guidance: () => ({ next: 'contacts_create', why: 'Contact custom fields available for customFields and cf_ filters.' }),
});
export const handler = lambdaHandler(operation);
