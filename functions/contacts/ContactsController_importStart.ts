import { defineOperation, respond } from '../../shared/registry/operation.js';
import { IMPORT_QUEUE, startImportJob, wantsAsync } from '../../shared/imports/jobs.js';
import { requireTenant } from '../../shared/runtime/context.js';
import { runImportWithinBudget } from '../../shared/imports/sync-budget.js';
import { IMPORT_JOB_DESCRIPTION } from '../../shared/imports/docs.js';
import { contactImportSchema, MAX_ROWS } from '../../shared/imports/schema.js';
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
  handler: async ({ body }, ctx) => {
    const tenant = requireTenant(ctx);
    // Job form: large or `Prefer: respond-async` imports answer 202 at once; a synchronous call hands what it did not reach in ~15 s to a job.
    if (wantsAsync(ctx.request.headers.prefer, body.rows.length))
      return respond(202, await startImportJob(ctx.deps, tenant.tenantId, tenant.table, 'contacts', body), { 'preference-applied': 'respond-async' });
    const out = await runImportWithinBudget(ctx.deps, tenant, 'contacts', body);
    return 'job' in out ? respond(202, out.job) : out.result;
  },
});
export const handler = lambdaHandler(operation);
