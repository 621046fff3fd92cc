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
  description: `Body {rows, mapping: {column: target}, options} (targets and options: see the body schema). Duplicates are found by email. At most ${MAX_ROWS} rows per request; a bad row never stops the others.`,
  output: ContactsController_importStartOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { body: contactImportSchema },
  handler: async ({ body }, ctx) => runContactImport(requireTenant(ctx).table, body, 'start', ctx.deps.clock.now()),
});
export const handler = lambdaHandler(operation);
