import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { campaignMetrics } from '../../shared/mailing/campaigns/reports.js';
import { lambdaHandler } from '../lambda.js';
import { campaignIdPath } from './schema.js';
import { metricsOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'CampaignsController_metrics',
  method: 'GET',
  path: '/api/campaigns/{id}/metrics',
  tag: 'campaigns',
  summary: 'Campaign metrics: sent, delivered, opened, clicked, replied',
  description:
    'From the campaign’s send task: sent (handed to SMTP), delivered (accepted), bounced, opened/clicked/replied total and unique, unsubscribed, queued, failed.',
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: campaignIdPath },
  output: metricsOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => campaignMetrics(ctx.deps, requireTenant(ctx).tenantId, path.id),
});
export const handler = lambdaHandler(operation);
