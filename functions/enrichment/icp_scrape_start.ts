import { defineOperation } from '../../shared/platform/registry/operation.js';
import { legacyBody, createEnrichmentTask } from '../../shared/research/enrichment/create.js';
import { lambdaHandler } from '../lambda.js';
import { createOutput, guideStats } from './schema.js';

export const operation = defineOperation({
  operationId: 'icp_scrape_start',
  method: 'POST',
  path: '/api/icp/scrape',
  tag: 'enrichment',
  summary: 'Legacy alias of site_enrichment_tasks_create',
  description:
    'The legacy scrape start: same body and answer as site_enrichment_tasks_create (loadImages, pageConcurrency, saveScreenshot included) with limit default 50 and cap 200.',
  access: 'tenant',
  scope: 'crm:write',
  resources: ['workflow:site-enrichment'],
  input: { body: legacyBody },
  output: createOutput,
  successStatus: 202,
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => createEnrichmentTask(ctx, body, { legacy: true }),
  guidance: (r) => guideStats(r.taskId),
});
export const handler = lambdaHandler(operation);
