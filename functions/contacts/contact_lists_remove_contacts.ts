import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { REMOVE_MAX, removeContactsFromList } from '../../shared/crm/contact-lists/edit.js';
import { idPath } from '../../shared/crm/contacts/schema.js';
import { lambdaHandler } from '../lambda.js';
import { contact_lists_remove_contactsOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'contact_lists_remove_contacts',
  method: 'POST',
  path: '/api/contact-lists/{id}/contacts/remove',
  tag: 'contacts',
  summary: 'Remove contacts from a contact list',
  description: `Body \`{contactIds: [...]}\` (1-${REMOVE_MAX}). The contacts stay; only their membership ends. Idempotent per contact. Returns \`{listId, removed, notMembers: [ids]}\` (ids that were not members, unknown ids included). 404 for an unknown list.`,
  output: contact_lists_remove_contactsOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { path: idPath, body: z.strictObject({ contactIds: z.array(z.string().min(1).max(64)).min(1).max(REMOVE_MAX) }) },
  hints: { destructive: true, idempotent: true },
  handler: async ({ path, body }, ctx) => removeContactsFromList(requireTenant(ctx).table, path.id, body.contactIds, ctx.deps.clock.now()),
});
export const handler = lambdaHandler(operation);
