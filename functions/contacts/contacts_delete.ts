import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { deleteContact } from '../../shared/crm/contacts/contacts.js';
import { idPath } from '../../shared/crm/contacts/schema.js';
import { lambdaHandler } from '../lambda.js';
import { contacts_deleteOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'contacts_delete',
  method: 'DELETE',
  path: '/api/contacts/{id}',
  tag: 'contacts',
  summary: 'Delete a contact',
  description:
    'Deletes the contact, its channels, its company link and list memberships. Channel markers it owned pass to the next contact holding the same value. 404 when absent.',
  output: contacts_deleteOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { path: idPath },
  hints: { destructive: true },
  handler: async ({ path }, ctx) => deleteContact(requireTenant(ctx).table, path.id, ctx.deps.clock.now()),
});
export const handler = lambdaHandler(operation);
