import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { ADD_MAX, addContactsToList } from '../../shared/crm/contact-lists/lists.js';
import { idPath } from '../../shared/crm/contacts/schema.js';
import { lambdaHandler } from '../lambda.js';
import { ContactListsController_addContactsOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'ContactListsController_addContacts',
  method: 'POST',
  path: '/api/contact-lists/{id}/contacts',
  tag: 'contacts',
  summary: 'Add contacts to a STATIC contact list',
  description: `Body \`{contactIds: [...]}\` (1-${ADD_MAX}). Idempotent per contact. Returns \`{listId, added, alreadyMembers, notFound: [ids]}\`; unknown ids are reported, the others are added. 404 for an unknown list.`,
  output: ContactListsController_addContactsOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { path: idPath, body: z.strictObject({ contactIds: z.array(z.string().min(1).max(64)).min(1).max(ADD_MAX) }) },
  hints: { idempotent: true },
  handler: async ({ path, body }, ctx) => addContactsToList(requireTenant(ctx).table, path.id, body.contactIds, ctx.deps.clock.now()),
});
export const handler = lambdaHandler(operation);
