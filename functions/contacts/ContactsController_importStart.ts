import { defineOperation } from '../../shared/platform/registry/operation.js';
import { IMPORT_QUEUE } from '../../shared/crm/imports/jobs.js';
import { importHandler } from '../../shared/crm/imports/request.js';
import { IMPORT_JOB_DESCRIPTION } from '../../shared/crm/imports/docs.js';
import { contactImportSchema, MAX_ROWS } from '../../shared/crm/imports/schema.js';
import { lambdaHandler } from '../lambda.js';
import { ContactsController_importStartOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'ContactsController_importStart',
  method: 'POST',
  path: '/api/contacts/import/start',
  tag: 'contacts',
  summary: 'Import contacts',
  description: `Body {rows, mapping: {column: target}, options} (targets and options: see the body schema). Duplicates are found by email. At most ${MAX_ROWS} rows per request; a bad row never stops the others. ${IMPORT_JOB_DESCRIPTION} Poll ContactsController_importJob.`,
  output: ContactsController_importStartOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { body: contactImportSchema },
  resources: [`queue:${IMPORT_QUEUE}`],
  handler: importHandler('contacts'),
});
export const handler = lambdaHandler(operation);
