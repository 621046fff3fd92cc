import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { createContactList } from '../../shared/crm/contact-lists/lists.js';
import { lambdaHandler } from '../lambda.js';
import { ContactListsController_createOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'ContactListsController_create',
  method: 'POST',
  path: '/api/contact-lists',
  tag: 'contacts',
  summary: 'Create a contact list',
  description:
    'Body `{name, type?: "STATIC"}`. Only STATIC contact lists exist: `type: "SMART"` (or `filters`) is refused with 422 `{status:"UNSUPPORTED", code:"smart_contact_list_unsupported"}`, never an empty list. Add members with ContactListsController_addContacts.',
  output: ContactListsController_createOutput,
  access: 'tenant',
  scope: 'crm:write',
  successStatus: 201,
  input: { body: z.strictObject({ name: z.string().trim().min(1).max(200), type: z.enum(['STATIC', 'SMART']).optional(), filters: z.unknown().optional() }) },
  handler: async ({ body }, ctx) => createContactList(requireTenant(ctx).table, body, ctx.deps.clock.now()),
  guidance: () => ({ next: 'ContactListsController_addContacts', why: 'The list is empty until contacts are added.' }),
});
export const handler = lambdaHandler(operation);
