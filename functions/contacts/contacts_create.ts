import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { createContact } from '../../shared/crm/contacts/contacts.js';
import { contactCreateSchema } from '../../shared/crm/contacts/schema.js';
import { lambdaHandler } from '../lambda.js';
import { contacts_createOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'contacts_create',
  method: 'POST',
  path: '/api/contacts',
  tag: 'contacts',
  summary: 'Create a contact',
  description:
    'Creates a contact. `email` and `phone` become channels (normalised: email lower-case, phone +digits); when another contact of the workspace already holds the value, that channel carries `duplicateOf` (the first holder id) and the contact is still created. `source` {kind: import|crawl|form|manual, sourceUrl, collectedAt, importId} records where the address came from (default manual); DSAR answers from it. `companyId` must exist (404). `customFields` are validated against the contact custom-field definitions.',
  output: contacts_createOutput,
  access: 'tenant',
  scope: 'crm:write',
  successStatus: 201,
  input: { body: contactCreateSchema },
  handler: async ({ body }, ctx) =>
    createContact(
      requireTenant(ctx).table,
      {
        ...body,
        firstName: body.firstName ?? undefined,
        lastName: body.lastName ?? undefined,
        position: body.position ?? undefined,
        personalEmail: body.personalEmail ?? undefined,
        linkedin: body.linkedin ?? undefined,
        companyId: body.companyId ?? undefined,
      },
      ctx.deps.clock.now(),
    ),
  guidance: (c) => ({
    next: 'ContactListsController_addContacts',
    why: 'Put the contact into a STATIC contact list to use it as an audience.',
    check: c.channels.some((x) => x.duplicateOf) ? 'A channel duplicates another contact (duplicateOf): merge or delete one.' : undefined,
  }),
});
export const handler = lambdaHandler(operation);
