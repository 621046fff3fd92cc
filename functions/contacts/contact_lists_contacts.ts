import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listContacts } from '../../shared/crm/contacts/list.js';
import { idPath } from '../../shared/crm/contacts/schema.js';
import { lambdaHandler } from '../lambda.js';
import { contact_lists_contactsOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'contact_lists_contacts',
  method: 'GET',
  path: '/api/contact-lists/{id}/contacts',
  tag: 'contacts',
  summary: 'Read the members of a contact list',
  description:
    'The contacts of a STATIC list, in the order they were added. `pageSize` 1-100 (default 20), `cursor` = the previous nextCursor. 404 for an unknown list.',
  output: contact_lists_contactsOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: {
    path: idPath,
    query: z.strictObject({ pageSize: z.coerce.number().int().min(1).max(100).optional(), cursor: z.string().min(1).max(2000).optional() }),
  },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => listContacts(requireTenant(ctx).table, { ...query, listId: path.id }),
});
export const handler = lambdaHandler(operation);
