import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getTaskRecord } from '../../shared/research/enrichment/run.js';
import { taskView } from '../../shared/research/enrichment/views.js';
import { lambdaHandler } from '../lambda.js';
import { guideStats, taskIdPath, taskOutput } from './schema.js';

export const operation = defineOperation({
  operationId: 'site_enrichment_tasks_get',
  method: 'GET',
  path: '/api/site-enrichment/tasks/{id}',
  tag: 'enrichment',
  summary: 'Get a site enrichment task',
  description: 'Status and counters total, processed, ok, down, noSite, with the options it runs with. 404 when absent.',
  access: 'tenant',
  scope: 'crm:read',
  input: { path: taskIdPath },
  output: taskOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async (input, ctx) => {
    const tenant = requireTenant(ctx);
    return taskView(await getTaskRecord(tenant.table, input.path.id));
  },
  guidance: (r) => guideStats(r.taskId),
});
export const handler = lambdaHandler(operation);
