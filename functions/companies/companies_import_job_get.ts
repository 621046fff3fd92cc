import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getImportJob } from '../../shared/crm/imports/jobs.js';
import { ImportJob } from '../../shared/crm/imports/entities.js';
import { lambdaHandler } from '../lambda.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

const job = ImportJob.output.shape;
/** A job's status: its attributes (the id as jobId) and the figures computed from them. */
export const importJobOutput = checkedOutput(
  z.looseObject({
    jobId: job.id,
    kind: job.kind,
    status: job.status,
    processed: job.processed,
    total: job.total,
    rowsPerSecond: z.number().describe('Rate of the running job (0 before the first chunk)'),
    etaSeconds: z.number().nullable().describe('Estimated seconds left (0 once completed; null before the first chunk)'),
    createdAt: job.createdAt,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
    result: job.result,
    error: job.error,
    elapsedSeconds: z.number().describe('Seconds the job has run (to its end once finished; 0 before it started)'),
  }),
);

export const operation = defineOperation({
  operationId: 'companies_import_job_get',
  method: 'GET',
  path: '/api/companies/import/jobs/{jobId}',
  tag: 'companies',
  summary: 'Status of an import job',
  description:
    'Progress of an import answered with 202 (Prefer: respond-async, more than 500 rows, or a synchronous call past its ~20 s): processed/total, rate, ETA, and the result object once completed. Poll every few seconds.',
  output: importJobOutput,
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
