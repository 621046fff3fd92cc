import { defineOperation } from '../../shared/platform/registry/operation.js';
import { IMPORT_QUEUE } from '../../shared/crm/imports/jobs.js';
import { importHandler } from '../../shared/crm/imports/request.js';
import { IMPORT_DESCRIPTION, IMPORT_JOB_DESCRIPTION } from '../../shared/crm/imports/docs.js';
import { companyImportSchema } from '../../shared/crm/imports/schema.js';
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
  handler: importHandler('start'),
});
export const handler = lambdaHandler(operation);
