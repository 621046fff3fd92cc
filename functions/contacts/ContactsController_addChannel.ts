import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { addChannel } from '../../shared/crm/contacts/contacts.js';
import { channelSchema, idPath } from '../../shared/crm/contacts/schema.js';
import { lambdaHandler } from '../lambda.js';
import { ContactsController_addChannelOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'ContactsController_addChannel',
  method: 'POST',
  path: '/api/contacts/{id}/channels',
  tag: 'contacts',
  summary: 'Add an email or phone channel to a contact',
  description:
    'Body `{type: "email"|"phone", value}`. The value is normalised (email trimmed and lower-cased; phone to +digits, 7-15 digits). The response carries `duplicateOf` (the other contact id) when the address or number already belongs to another contact of the workspace. Adding a value the contact already has returns the existing channel.',
  output: ContactsController_addChannelOutput,
  access: 'tenant',
  scope: 'crm:write',
  successStatus: 201,
  input: { path: idPath, body: channelSchema },
  hints: { idempotent: true },
  handler: async ({ path, body }, ctx) => addChannel(requireTenant(ctx).table, path.id, body, ctx.deps.clock.now()),
  guidance: (ch) =>
    ch.duplicateOf
      ? { next: 'contacts_get', why: `This ${ch.type} already belongs to contact ${ch.duplicateOf}.`, check: 'Merge or delete the duplicate before mailing.' }
      : undefined,
});
export const handler = lambdaHandler(operation);
