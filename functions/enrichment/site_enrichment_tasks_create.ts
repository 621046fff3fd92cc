import { defineOperation } from '../../shared/platform/registry/operation.js';
import { createBody, createEnrichmentTask } from '../../shared/research/enrichment/create.js';
import { lambdaHandler } from '../lambda.js';
import { createOutput, guideStats } from './schema.js';

export const operation = defineOperation({
  operationId: 'site_enrichment_tasks_create',
  method: 'POST',
  path: '/api/site-enrichment/tasks',
  tag: 'enrichment',
  summary: 'Start a site enrichment task',
  description:
    'Crawls company sites in the background (202 {taskId, queued}): one visit per normalised host, title/description and contacts (site_contacts) onto the cards. companyIds (max 500) or a STATIC listId (SMART → 400). scoringTaskId must be a methodId-22 task (404/400).',
  access: 'tenant',
  scope: 'crm:write',
  resources: ['workflow:site-enrichment'],
  input: { body: createBody },
  output: createOutput,
  successStatus: 202,
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => createEnrichmentTask(ctx, body),
  guidance: (r) => guideStats(r.taskId),
});
export const handler = lambdaHandler(operation);
