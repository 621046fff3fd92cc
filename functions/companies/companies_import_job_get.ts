import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getImportJob } from '../../shared/crm/imports/jobs.js';
import { lambdaHandler } from '../lambda.js';
import { uncheckedOutput } from '../../shared/platform/registry/output-check.js';

export const importJobOutput = z.looseObject({
  jobId: z.string().describe('The job id from the 202 answer of the import'),
  status: z.enum(['queued', 'running', 'completed', 'failed']).describe('completed: `result` holds the import result object'),
  processed: z.number().describe('Rows processed so far'),
  total: z.number().describe('Rows in the import'),
  rowsPerSecond: z.number().describe('Rate of the running job'),
  etaSeconds: z.number().nullable().describe('Estimated seconds left (null before the first chunk)'),
  result: z
    .looseObject({})
    .optional()
    .describe('The same result object a synchronous import answers (created, updated, skipped, errors, contactsCreated, cfValuesSet, createdIds, listId)'),
});

export const operation = defineOperation({
  operationId: 'companies_import_job_get',
  method: 'GET',
  path: '/api/companies/import/jobs/{jobId}',
  tag: 'companies',
  summary: 'Status of an import job',
  description:
    'Progress of an import answered with 202 (Prefer: respond-async, more than 500 rows, or a synchronous call past its ~20 s): processed/total, rate, ETA, and the result object once completed. Poll every few seconds.',
  output: uncheckedOutput(importJobOutput),
  access: 'tenant',
  scope: 'crm:read',
  input: { path: z.strictObject({ jobId: z.string().min(1).max(64) }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => getImportJob(requireTenant(ctx).table, path.jobId, ctx.deps.clock.now(), ['start', 'combined']),
  guidance: (r) =>
    r.status === 'completed'
      ? { next: 'ContactListsController_create', why: 'The import finished: imported contacts can be collected into a contact list for a campaign audience.' }
      : {
          next: 'companies_import_job_get',
          why: `The job is ${r.status}: poll again in a few seconds${r.etaSeconds ? ` (about ${r.etaSeconds} s left)` : ''}.`,
        },
});
export const handler = lambdaHandler(operation);
