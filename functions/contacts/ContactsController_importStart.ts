import { defineOperation } from '../../shared/registry/operation.js';
import { requireTenant } from '../../shared/runtime/context.js';
import { runContactImport } from '../../shared/imports/contacts-import.js';
import { contactImportSchema, MAX_ROWS } from '../../shared/imports/schema.js';
import { lambdaHandler } from '../lambda.js';
import { ContactsController_importStartOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'ContactsController_importStart',
  method: 'POST',
  path: '/api/contacts/import/start',
  tag: 'contacts',
  summary: 'Import contacts',
  description: `Body {rows, mapping, options}. Targets: email, firstName, lastName, phone, position, personalEmail, linkedin (bare or c:-prefixed), cf:<slug> (contact custom fields; unknown slug → 400 unknown_custom_field). Email is normalised (trimmed, lower-case) and phone to +digits; an invalid one is a row error. options.duplicateHandling by email: skip (default) | update (fields replaced, custom fields merged into the existing contact) | create (new contact, its channel carries duplicateOf). options.companyId links every contact to that company; options.listId adds them to a contact list, options.newListName creates one; options.sourceUrl is recorded as the contacts' source (kind import). At most ${MAX_ROWS} rows and 6 MB per request. Response {importId, created, updated, skipped, errors: [{index, reason}], contactsCreated, cfValuesSet, createdIds}.`,
  output: ContactsController_importStartOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { body: contactImportSchema },
  handler: async ({ body }, ctx) => runContactImport(requireTenant(ctx).table, body, 'start', ctx.deps.clock.now()),
});
export const handler = lambdaHandler(operation);
