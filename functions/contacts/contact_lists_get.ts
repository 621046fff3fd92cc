import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getContactList } from '../../shared/crm/contact-lists/lists.js';
import { idPath } from '../../shared/crm/contacts/schema.js';
import { lambdaHandler } from '../lambda.js';
import { contact_lists_getOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'contact_lists_get',
  method: 'GET',
  path: '/api/contact-lists/{id}',
  tag: 'contacts',
  summary: 'Get one contact list',
  description: 'The list and its memberCount. Members: contact_lists_contacts (or contacts_list with listId).',
  output: contact_lists_getOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { path: idPath },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => getContactList(requireTenant(ctx).table, path.id),
});
export const handler = lambdaHandler(operation);
