import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listsOfContact } from '../../shared/crm/contact-lists/edit.js';
import { idPath } from '../../shared/crm/contacts/schema.js';
import { lambdaHandler } from '../lambda.js';
import { contacts_listsOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'contacts_lists',
  method: 'GET',
  path: '/api/contacts/{id}/lists',
  tag: 'contacts',
  summary: 'The contact lists a contact is in',
  description:
    '`{data: [{id, name, type, memberCount}], nextCursor}`. `pageSize` 1-100 (default 50), `cursor` = the previous nextCursor. 404 for an unknown contact.',
  output: contacts_listsOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: {
    path: idPath,
    query: z.strictObject({ pageSize: z.coerce.number().int().min(1).max(100).optional(), cursor: z.string().min(1).max(2000).optional() }),
  },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => listsOfContact(requireTenant(ctx).table, path.id, query),
});
export const handler = lambdaHandler(operation);
