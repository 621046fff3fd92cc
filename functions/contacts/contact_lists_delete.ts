import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { deleteContactList } from '../../shared/crm/contact-lists/edit.js';
import { idPath } from '../../shared/crm/contacts/schema.js';
import { lambdaHandler } from '../lambda.js';
import { contact_lists_deleteOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'contact_lists_delete',
  method: 'DELETE',
  path: '/api/contact-lists/{id}',
  tag: 'contacts',
  summary: 'Delete a contact list',
  description:
    'Deletes the list and its memberships; the contacts stay. Returns `{id, deleted, membersRemoved}`. 404 for an unknown (or already deleted) list.',
  output: contact_lists_deleteOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { path: idPath },
  hints: { destructive: true, idempotent: false },
  handler: async ({ path }, ctx) => deleteContactList(requireTenant(ctx).table, path.id),
});
export const handler = lambdaHandler(operation);
