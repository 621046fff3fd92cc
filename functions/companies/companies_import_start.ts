import { defineOperation } from '../../shared/registry/operation.js';
import { requireTenant } from '../../shared/runtime/context.js';
import { runCompanyImport } from '../../shared/imports/companies-import.js';
import { IMPORT_DESCRIPTION } from '../../shared/imports/docs.js';
import { companyImportSchema } from '../../shared/imports/schema.js';
import { lambdaHandler } from '../lambda.js';
import { companies_import_startOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'companies_import_start',
  method: 'POST',
  path: '/api/companies/import/start',
  tag: 'companies',
  summary: 'Import companies',
  description: `Imports companies only (contact and cf: targets are ignored and listed in ignoredTargets). ${IMPORT_DESCRIPTION}`,
  output: companies_import_startOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { body: companyImportSchema },
  handler: async ({ body }, ctx) => runCompanyImport(requireTenant(ctx).table, body, 'start', ctx.deps.clock.now()),
});
export const handler = lambdaHandler(operation);
