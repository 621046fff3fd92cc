import * as z from 'zod';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listImportJobs } from '../../shared/crm/imports/jobs.js';
import { lambdaHandler } from '../lambda.js';

export const importJobsListOutput = z.looseObject({
  data: z.array(
    z.looseObject({
      jobId: z.string().describe('Open it with statusUrl for the rate, ETA and result'),
      kind: z.string().describe('start | combined (company imports) | contacts (ContactsController_importStart)'),
      status: z.enum(['queued', 'running', 'completed', 'failed']),
      processed: z.number().describe('Rows processed so far'),
      total: z.number().describe('Rows in the import'),
      createdAt: z.string().describe('When the job was started (ISO 8601)'),
      finishedAt: z.string().optional().describe('When it completed or failed'),
      statusUrl: z.string().describe('The status operation of this job (companies_import_job_get or ContactsController_importJob)'),
    }),
  ),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null at the end'),
});

export const operation = defineOperation({
  operationId: 'companies_import_jobs_list',
  method: 'GET',
  path: '/api/companies/import/jobs',
  tag: 'companies',
  summary: 'Import jobs of the workspace, newest first',
  description:
    'The import jobs (company and contact imports answered with 202) of the workspace, newest first: {data:[{jobId, kind, status, processed, total, createdAt, finishedAt, statusUrl}], nextCursor}. ' +
    'Finds a running import again after its 202 answer is lost. pageSize 1-100 (default 20); jobs expire with their results.',
  output: importJobsListOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { query: z.strictObject({ ...pageQuery(100, 20) }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listImportJobs(requireTenant(ctx).table, toPage(query)),
  guidance: (r) => {
    const open = r.data.find((j) => j.status === 'queued' || j.status === 'running');
    return open
      ? { next: 'companies_import_job_get', why: `Job ${open.jobId} is ${open.status}: poll ${open.statusUrl} for its progress.` }
      : { next: 'companies_import_job_get', why: 'Open a job with its statusUrl for the result summary and the rejected rows.' };
  },
});
export const handler = lambdaHandler(operation);
