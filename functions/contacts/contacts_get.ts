import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getContact } from '../../shared/crm/contacts/contacts.js';
import { idPath } from '../../shared/crm/contacts/schema.js';
import { lambdaHandler } from '../lambda.js';
import { contacts_getOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'contacts_get',
  method: 'GET',
  path: '/api/contacts/{id}',
  tag: 'contacts',
  summary: 'Get one contact',
  description:
    'One contact with its channels (email/phone, `duplicateOf` when another contact holds the same value), custom fields and recorded source. 404 when it does not exist in this workspace.',
  output: contacts_getOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { path: idPath },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => getContact(requireTenant(ctx).table, path.id),
});
export const handler = lambdaHandler(operation);
