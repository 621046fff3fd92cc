import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { requireReceiptForSenderChange } from '../../shared/platform/agent/capability-receipts.js';
import { campaignView, logActivity, patchCampaign } from '../../shared/mailing/campaigns/campaigns.js';
import { enqueueQueuedItems } from '../../shared/mailing/sending/items.js';
import { lambdaHandler } from '../lambda.js';
import { actorOf, campaignIdPath, campaignOutput, campaignPatchBody } from './schema.js';

export const operation = defineOperation({
  operationId: 'CampaignsController_update',
  method: 'PATCH',
  path: '/api/campaigns/{id}',
  tag: 'campaigns',
  summary: 'Update a campaign (name, creatives, send window, sender)',
  description:
    'PATCH of sendWindow is atomic and keeps omitted fields; malformed values are a 400. Changing sendWindow or senderConfig needs X-SDR-Capability-Receipt. The campaign’s send task follows the new window; its waiting sends are re-gated at once.',
  access: 'tenant',
  scope: 'tasks:write',
  input: { path: campaignIdPath, body: campaignPatchBody },
  output: campaignOutput,
  resources: ['platformTable:write', 'queue:sends'],
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => {
    const tenant = requireTenant(ctx);
    await requireReceiptForSenderChange(ctx, body as Record<string, unknown>);
    const after = await patchCampaign(tenant.table, path.id, body, ctx.deps.clock.now());
    await logActivity(ctx.deps, tenant.table, path.id, actorOf(ctx), 'updated', null, { fields: Object.keys(body) });
    // Waiting sends were scheduled for the old window's opening: the worker re-gates them now.
    if (body.sendWindow && after.status === 'ACTIVE') await enqueueQueuedItems(ctx.deps, tenant.tenantId, path.id);
    return campaignView(after);
  },
});
export const handler = lambdaHandler(operation);
