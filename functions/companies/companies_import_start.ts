import { defineOperation, respond } from '../../shared/registry/operation.js';
import { requireTenant } from '../../shared/runtime/context.js';
import { IMPORT_QUEUE, startImportJob, wantsAsync } from '../../shared/imports/jobs.js';
import { runImportWithinBudget } from '../../shared/imports/sync-budget.js';
import { IMPORT_DESCRIPTION, IMPORT_JOB_DESCRIPTION } from '../../shared/imports/docs.js';
import { companyImportSchema } from '../../shared/imports/schema.js';
import { lambdaHandler } from '../lambda.js';
import { companies_import_startOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'companies_import_start',
  method: 'POST',
  path: '/api/companies/import/start',
  tag: 'companies',
  summary: 'Import companies',
  description: `Imports companies only (contact and cf: targets are ignored and listed in ignoredTargets). ${IMPORT_JOB_DESCRIPTION} Poll companies_import_job_get. ${IMPORT_DESCRIPTION}`,
  output: companies_import_startOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { body: companyImportSchema },
  resources: [`queue:${IMPORT_QUEUE}`],
  handler: async ({ body }, ctx) => {
    const tenant = requireTenant(ctx);
    if (wantsAsync(ctx.request.headers.prefer, body.rows.length))
      return respond(202, await startImportJob(ctx.deps, tenant.tenantId, tenant.table, 'start', body), { 'preference-applied': 'respond-async' });
    const out = await runImportWithinBudget(ctx.deps, tenant, 'start', body);
    return 'job' in out ? respond(202, out.job) : out.result;
  },
});
export const handler = lambdaHandler(operation);
