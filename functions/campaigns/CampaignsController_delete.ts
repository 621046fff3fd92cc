import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { deleteCampaign } from '../../shared/mailing/campaigns/campaigns.js';
import { cancelTask } from '../../shared/mailing/tasks/lifecycle.js';
import { getTaskItem } from '../../shared/mailing/tasks/tasks.js';
import { lambdaHandler } from '../lambda.js';
import { campaignIdPath } from './schema.js';

export const operation = defineOperation({
  operationId: 'CampaignsController_delete',
  method: 'DELETE',
  path: '/api/campaigns/{id}',
  tag: 'campaigns',
  summary: 'Delete a campaign (not while ACTIVE)',
  description:
    'Refused with 409 campaign_active while ACTIVE: pause it first. Removes its recipients, preparations and log; its unsent emails are cancelled, sent mail keeps its task history.',
  access: 'tenant',
  scope: 'tasks:write',
  input: { path: campaignIdPath },
  resources: ['queue:sends'],
  successStatus: 204,
  hints: { readOnly: false, destructive: true, idempotent: false },
  handler: async ({ path }, ctx) => {
    const tenant = requireTenant(ctx);
    const { sendTaskIds } = await deleteCampaign(tenant.table, path.id);
    // Its send tasks (the campaign's and its owner tests') would keep unsent items waiting: cancelled, sent history kept.
    for (const taskId of sendTaskIds) {
      const task = await getTaskItem(tenant.table, taskId).catch(() => undefined);
      if (task && ['ACTIVE', 'PAUSED'].includes(task.status)) await cancelTask(ctx.deps, tenant, taskId);
    }
    return respond(204, undefined);
  },
});
export const handler = lambdaHandler(operation);
