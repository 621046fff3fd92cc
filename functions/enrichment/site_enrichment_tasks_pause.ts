import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { transition } from '../../shared/research/enrichment/run.js';
import { taskView } from '../../shared/research/enrichment/views.js';
import { lambdaHandler } from '../lambda.js';
import { guideStats, taskIdPath, taskOutput } from './schema.js';

export const operation = defineOperation({
  operationId: 'site_enrichment_tasks_pause',
  method: 'POST',
  path: '/api/site-enrichment/tasks/{id}/pause',
  tag: 'enrichment',
  summary: 'Pause a site enrichment task',
  description: 'QUEUED or RUNNING → PAUSED: progress kept; excluded from the restart scan and the stall watchdog. Other states: 409.',
  access: 'tenant',
  scope: 'crm:write',
  resources: ['platformTable:write'],
  input: { path: taskIdPath },
  output: taskOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async (input, ctx) => {
    const tenant = requireTenant(ctx);
    return taskView(await transition(ctx.deps, tenant.tenantId, input.path.id, 'pause'));
  },
  guidance: (r) => guideStats(r.taskId),
});
export const handler = lambdaHandler(operation);
