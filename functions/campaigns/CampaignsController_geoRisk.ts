import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { geoRisk } from '../../shared/mailing/campaigns/reports.js';
import { lambdaHandler } from '../lambda.js';
import { campaignIdPath } from './schema.js';
import { geoRiskOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'CampaignsController_geoRisk',
  method: 'GET',
  path: '/api/campaigns/{id}/geo-risk',
  tag: 'campaigns',
  summary: 'Recipient counts by country policy (read-only)',
  description:
    'byPolicy (allowed, gdpr_disclosed, opt_in_only, manual_confirm, unknown) and byCountry; recipients not yet screened are counted from their ccTLD (provisional).',
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: campaignIdPath },
  output: geoRiskOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => geoRisk(ctx.deps, requireTenant(ctx).tenantId, path.id),
});
export const handler = lambdaHandler(operation);
