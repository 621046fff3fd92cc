import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getCampaignView } from '../../shared/mailing/campaigns/lifecycle.js';
import { lambdaHandler } from '../lambda.js';
import { campaignIdPath, campaignOutput, recipientCountsOutput } from './schema.js';

export const operation = defineOperation({
  operationId: 'CampaignsController_get',
  method: 'GET',
  path: '/api/campaigns/{id}',
  tag: 'campaigns',
  summary: 'Get a campaign with its recipient counts',
  description:
    'The campaign (status, pauseReason, operationalState, primaryBlocker, pipeline) and recipients per state (the campaign’s counters). A send task the engine paused shows as PAUSED with its reason. Read-only; another tenant’s id: 404.',
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: campaignIdPath },
  output: campaignOutput.extend({ recipients: recipientCountsOutput }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => getCampaignView(ctx.deps, requireTenant(ctx).tenantId, path.id),
});
export const handler = lambdaHandler(operation);
