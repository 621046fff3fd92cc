import { defineOperation, respond } from '../../shared/registry/operation.js';
import { IMPORT_QUEUE, startImportJob, wantsAsync } from '../../shared/imports/jobs.js';
import { runImportWithinBudget } from '../../shared/imports/sync-budget.js';
import { requireTenant } from '../../shared/runtime/context.js';
import { IMPORT_DESCRIPTION, IMPORT_JOB_DESCRIPTION } from '../../shared/imports/docs.js';
import { companyImportSchema } from '../../shared/imports/schema.js';
import { lambdaHandler } from '../lambda.js';
import { companies_import_combinedOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'companies_import_combined',
  method: 'POST',
  path: '/api/companies/import/combined',
  tag: 'companies',
  summary: 'Import companies with contacts and custom fields',
  description: `Imports companies, one contact per row (c: targets) and company custom fields (cf:<slug>). ${IMPORT_JOB_DESCRIPTION} Poll companies_import_job_get. ${IMPORT_DESCRIPTION}`,
  output: companies_import_combinedOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { body: companyImportSchema },
  guidance: (r) => ({
    next: 'ContactListsController_create',
    why: 'Imported contacts can be collected into a contact list for a campaign audience.',
    check: errorsCheck(r),
  }),
  resources: [`queue:${IMPORT_QUEUE}`],
  handler: async ({ body }, ctx) => {
    const tenant = requireTenant(ctx);
    // Job form: large or `Prefer: respond-async` imports answer 202 at once; a synchronous call hands what it did not reach in ~15 s to a job.
    if (wantsAsync(ctx.request.headers.prefer, body.rows.length))
      return respond(202, await startImportJob(ctx.deps, tenant.tenantId, tenant.table, 'combined', body), { 'preference-applied': 'respond-async' });
    const out = await runImportWithinBudget(ctx.deps, tenant, 'combined', body);
    return 'job' in out ? respond(202, out.job) : out.result;
  },
});
const errorsCheck = (r: unknown) => {
  const n = (r as { errors?: unknown[] }).errors?.length ?? 0;
  return n ? `${n} rows failed: see errors[].index and reason` : undefined;
};
export const handler = lambdaHandler(operation);
