import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { taskIdPath } from '../../shared/mailing/tasks/schema.js';
import { MAX_MINUTES, taskSendSeries } from '../../shared/mailing/tasks/send-series.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'tasks_send_series',
  method: 'GET',
  path: '/api/tasks/{id}/send-series',
  tag: 'tasks',
  summary: 'Sends per minute of a task, and its skips by reason',
  description: `How many items became SENT, BOUNCED or FAILED in each minute (the newest ${MAX_MINUTES}), from the times stored on the send items. Cost: one Query of the task's items, about 1 read unit per 8 KB (~0.5 KB per item: ~60 units for 1,000 recipients); nothing is written. Poll it no more than every few seconds while a task sends, and not at all once it is finished. 404 when absent.`,
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: taskIdPath },
  output: z.looseObject({
    taskId: z.string(),
    status: z.string().describe('The task status when read: stop polling once COMPLETED, CANCELLED or FAILED'),
    bucketSeconds: z.literal(60).describe('Width of a bucket: one minute'),
    data: z
      .array(
        z.looseObject({
          t: z.number().describe('Start of the minute, unix seconds (UTC)'),
          sent: z.number().describe('Items accepted by the receiving server in this minute'),
          bounced: z.number().describe('Items refused (hard bounce) in this minute'),
          failed: z.number().describe('Items given up after repeated deferrals in this minute'),
        }),
      )
      .describe('Ascending; minutes without a send between the first and the last are zeros'),
    skippedByReason: z
      .record(z.string(), z.number())
      .describe('SKIPPED items by reason (no_email_channel, suppressed, stop_listed, …); reasons with none are absent'),
    truncated: z.boolean().describe('True when the task has more items than one call reads (about 40,000): the series covers those read'),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => taskSendSeries(requireTenant(ctx).table, path.id),
  guidance: (r) => ({ next: 'tasks_get', why: 'The counters give the totals the series adds up to.', check: `GET /api/tasks/${r.taskId}` }),
});
export const handler = lambdaHandler(operation);
