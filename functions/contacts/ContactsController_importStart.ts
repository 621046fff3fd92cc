import { defineOperation, respond } from '../../shared/registry/operation.js';
import { ASYNC_ABOVE_ROWS, IMPORT_QUEUE, startImportJob, wantsAsync } from '../../shared/imports/jobs.js';
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
  description: `Body {rows, mapping: {column: target}, options} (targets and options: see the body schema). Duplicates are found by email. At most ${MAX_ROWS} rows per request; a bad row never stops the others. More than ${ASYNC_ABOVE_ROWS} rows or Prefer: respond-async: 202 {jobId}, poll ContactsController_importJob.`,
  output: ContactsController_importStartOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { body: contactImportSchema },
  resources: [`queue:${IMPORT_QUEUE}`],
  handler: async ({ body }, ctx) => {
    const tenant = requireTenant(ctx);
    // Job form: large or `Prefer: respond-async` imports answer 202 at once (a synchronous call stays under ~20 s).
    if (wantsAsync(ctx.request.headers.prefer, body.rows.length))
      return respond(202, await startImportJob(ctx.deps, tenant.tenantId, tenant.table, 'contacts', body), { 'preference-applied': 'respond-async' });
    return runContactImport(tenant.table, body, 'start', ctx.deps.clock.now());
  },
});
export const handler = lambdaHandler(operation);
