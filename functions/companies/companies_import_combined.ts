import { defineOperation } from '../../shared/platform/registry/operation.js';
import { IMPORT_QUEUE } from '../../shared/crm/imports/jobs.js';
import { importHandler } from '../../shared/crm/imports/request.js';
import { IMPORT_DESCRIPTION, IMPORT_JOB_DESCRIPTION } from '../../shared/crm/imports/docs.js';
import { companyImportSchema } from '../../shared/crm/imports/schema.js';
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
  handler: importHandler('combined'),
});
const errorsCheck = (r: unknown) => {
  const n = (r as { errors?: unknown[] }).errors?.length ?? 0;
  return n ? `${n} rows failed: see errors[].index and reason` : undefined;
};
export const handler = lambdaHandler(operation);
