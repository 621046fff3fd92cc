import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { runCompanyImport } from '../../shared/crm/imports/companies-import.js';
import { IMPORT_DESCRIPTION } from '../../shared/crm/imports/docs.js';
import { companyPreviewSchema } from '../../shared/crm/imports/schema.js';
import { lambdaHandler } from '../lambda.js';
import { companies_import_previewOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'companies_import_preview',
  method: 'POST',
  path: '/api/companies/import/preview',
  tag: 'companies',
  summary: 'Preview a company import (writes nothing)',
  description: `Plans the import of {rows, mapping, options} exactly as import/combined would run it and writes nothing: the validated mapping, per-row outcome (create | update | skip, with companyId/duplicateOf and the matched domain/INN key), row errors, and the counts it would produce. ${IMPORT_DESCRIPTION}`,
  output: companies_import_previewOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { body: companyPreviewSchema },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ body }, ctx) => runCompanyImport(requireTenant(ctx).table, body, 'preview', ctx.deps.clock.now()),
});
export const handler = lambdaHandler(operation);
