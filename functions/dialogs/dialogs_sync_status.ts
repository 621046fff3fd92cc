import * as z from 'zod';
import { getSyncJob } from '../../shared/mailing/dialogs/sync-jobs.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { syncJobOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'dialogs_sync_status',
  method: 'GET',
  path: '/api/dialogs/sync/{jobId}',
  tag: 'dialogs',
  summary: 'An inbox sync started by dialogs_sync',
  description:
    'The job of dialogs_sync: status queued (no mailbox read yet), running (some read) or completed (all read), and for each mailbox read its outcome ' +
    '(fetched, outcomes stored / duplicate / dsn / own / unparsable, reset, cursor; skipped busy when another run was reading it; error). Jobs are kept a day; unknown: 404.',
  access: 'tenant',
  scope: 'crm:read',
  input: { path: z.strictObject({ jobId: z.string().min(1).max(64).describe('jobId answered by dialogs_sync') }) },
  output: syncJobOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => getSyncJob(requireTenant(ctx).table, path.jobId),
  guidance: (job) =>
    job.status === 'completed'
      ? { next: 'dialogs_list', why: 'New replies are listed as dialogs (unread=true).' }
      : { next: 'dialogs_sync_status', why: 'Mailboxes are still being read; poll again in a few seconds.' },
});
export const handler = lambdaHandler(operation);
