import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { ASYNC_ABOVE_ROWS, getImportJob } from '../../shared/crm/imports/jobs.js';
import { lambdaHandler } from '../lambda.js';
import { importJobOutput } from '../companies/companies_import_job_get.js';

export const operation = defineOperation({
  operationId: 'ContactsController_importJob',
  method: 'GET',
  path: '/api/contacts/import/jobs/{jobId}',
  tag: 'contacts',
  summary: 'Status of a contact import job',
  description: `Progress of a contact import answered with 202 (Prefer: respond-async, more than ${ASYNC_ABOVE_ROWS} rows, or a synchronous call past its ~20 s): processed/total, rate, ETA, and the result object once completed. Poll every few seconds.`,
  output: importJobOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { path: z.strictObject({ jobId: z.string().min(1).max(64) }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => getImportJob(requireTenant(ctx).table, path.jobId, ctx.deps.clock.now(), ['contacts']),
  guidance: (r) =>
    r.status === 'completed'
      ? { next: 'ContactListsController_create', why: 'The import finished: imported contacts can be collected into a contact list for a campaign audience.' }
      : {
          next: 'ContactsController_importJob',
          why: `The job is ${r.status}: poll again in a few seconds${r.etaSeconds ? ` (about ${r.etaSeconds} s left)` : ''}.`,
        },
});
export const handler = lambdaHandler(operation);
