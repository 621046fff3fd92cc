import { defineOperation } from '../../shared/registry/operation.js';
import { requireTenant } from '../../shared/runtime/context.js';
import { runContactImport } from '../../shared/imports/contacts-import.js';
import { contactImportSchema, MAX_ROWS } from '../../shared/imports/schema.js';
import { lambdaHandler } from '../lambda.js';
import { ContactsController_importPreviewOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'ContactsController_importPreview',
  method: 'POST',
  path: '/api/contacts/import/preview',
  tag: 'contacts',
  summary: 'Preview a contact import (writes nothing)',
  description: `Plans the import and writes nothing: per-row outcome (create | update | skip), row errors and the counts it would produce. Body {rows, mapping, options}. Targets: email, firstName, lastName, phone, position, personalEmail, linkedin (bare or c:-prefixed), cf:<slug> (contact custom fields; unknown slug → 400 unknown_custom_field). Email is normalised (trimmed, lower-case) and phone to +digits; an invalid one is a row error. options.duplicateHandling by email: skip (default) | update (fields replaced, custom fields merged into the existing contact) | create (new contact, its channel carries duplicateOf). options.companyId links every contact to that company; options.listId adds them to a contact list, options.newListName creates one; options.sourceUrl is recorded as the contacts' source (kind import). At most ${MAX_ROWS} rows and 6 MB per request. Response {importId, created, updated, skipped, errors: [{index, reason}], contactsCreated, cfValuesSet, createdIds}.`,
  output: ContactsController_importPreviewOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { body: contactImportSchema },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ body }, ctx) => runContactImport(requireTenant(ctx).table, body, 'preview', ctx.deps.clock.now()),
});
export const handler = lambdaHandler(operation);
