import { defineOperation, respond } from '../../shared/registry/operation.js';
import { requireTenant } from '../../shared/runtime/context.js';
import { deleteCampaign } from '../../shared/campaigns/campaigns.js';
import { lambdaHandler } from '../lambda.js';
import { campaignIdPath } from './schema.js';

export const operation = defineOperation({
  operationId: 'CampaignsController_delete',
  method: 'DELETE',
  path: '/api/campaigns/{id}',
  tag: 'campaigns',
  summary: 'Delete a campaign (not while ACTIVE)',
  description: 'Refused with 409 campaign_active while ACTIVE: pause it first. Removes its recipients, preparations and log; sent mail keeps its task history.',
  access: 'tenant',
  scope: 'tasks:write',
  input: { path: campaignIdPath },
  successStatus: 204,
  hints: { readOnly: false, destructive: true, idempotent: false },
  handler: async ({ path }, ctx) => {
    await deleteCampaign(requireTenant(ctx).table, path.id);
    return respond(204, undefined);
  },
});
export const handler = lambdaHandler(operation);
