import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { updateContact } from '../../shared/crm/contacts/contacts.js';
import { contactUpdateSchema, idPath } from '../../shared/crm/contacts/schema.js';
import { lambdaHandler } from '../lambda.js';
import { contacts_updateOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'contacts_update',
  method: 'PATCH',
  path: '/api/contacts/{id}',
  tag: 'contacts',
  summary: 'Update a contact',
  description:
    'Partial update of firstName, lastName, position, personalEmail, linkedin, companyId (null clears; a new company must exist) and customFields (merged; null clears a value). Email and phone are channels: add them with ContactsController_addChannel.',
  output: contacts_updateOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { path: idPath, body: contactUpdateSchema },
  hints: { idempotent: true },
  handler: async ({ path, body }, ctx) => updateContact(requireTenant(ctx).table, path.id, body, ctx.deps.clock.now()),
});
export const handler = lambdaHandler(operation);
