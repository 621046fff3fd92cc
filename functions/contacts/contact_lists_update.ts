import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { renameContactList } from '../../shared/crm/contact-lists/edit.js';
import { idPath } from '../../shared/crm/contacts/schema.js';
import { lambdaHandler } from '../lambda.js';
import { contact_lists_updateOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'contact_lists_update',
  method: 'PATCH',
  path: '/api/contact-lists/{id}',
  tag: 'contacts',
  summary: 'Rename a contact list',
  description: 'Body `{name}` (1-200 characters). Returns the list with its memberCount. 404 for an unknown list.',
  output: contact_lists_updateOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { path: idPath, body: z.strictObject({ name: z.string().trim().min(1).max(200) }) },
  hints: { idempotent: true },
  handler: async ({ path, body }, ctx) => renameContactList(requireTenant(ctx).table, path.id, body.name, ctx.deps.clock.now()),
});
export const handler = lambdaHandler(operation);
