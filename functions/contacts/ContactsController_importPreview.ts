import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { runContactImport } from '../../shared/crm/imports/contacts-import.js';
import { contactPreviewSchema, MAX_PREVIEW_ROWS } from '../../shared/crm/imports/schema.js';
import { lambdaHandler } from '../lambda.js';
import { ContactsController_importPreviewOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'ContactsController_importPreview',
  method: 'POST',
  path: '/api/contacts/import/preview',
  tag: 'contacts',
  summary: 'Preview a contact import (writes nothing)',
  description: `Plans the import and writes nothing: per-row outcome (create | update | skip), row errors and the counts it would produce. Body {rows, mapping: {column: target}, options} (targets and options: see the body schema). Duplicates are found by email. At most ${MAX_PREVIEW_ROWS} rows per request; a bad row never stops the others.`,
  output: ContactsController_importPreviewOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { body: contactPreviewSchema },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ body }, ctx) => runContactImport(requireTenant(ctx).table, body, 'preview', ctx.deps.clock.now()),
});
export const handler = lambdaHandler(operation);
