import { defineOperation } from '../../shared/platform/registry/operation.js';
import { badRequest, conflict } from '../../shared/platform/errors.js';
import { requirePrincipal, requireTenant } from '../../shared/platform/runtime/context.js';
import { requireReceiptForSenderChange } from '../../shared/platform/agent/capability-receipts.js';
import { acceptDocument } from '../../shared/workspace/legal/documents-service.js';
import { newId } from '../../shared/platform/data/ids.js';
import { campaignView, createCampaign, getCampaignItem, logActivity, updateCampaign } from '../../shared/mailing/campaigns/campaigns.js';
import { lambdaHandler } from '../lambda.js';
import { actorOf, campaignCreateBody, campaignOutput } from './schema.js';

export const operation = defineOperation({
  operationId: 'CampaignsController_create',
  method: 'POST',
  path: '/api/campaigns',
  tag: 'campaigns',
  summary: 'Create a campaign (PLATFORM or BYOC)',
  description:
    'Body {name, renderMode, creativeIds[], briefId?, sendWindow?, senderConfig?}. Records your campaign_guarantee acceptance (context campaign, refId = campaign id). ' +
    'A body with sendWindow or senderConfig needs X-SDR-Capability-Receipt (agent_guide_sender_capability). Starts as DRAFT (label CAMPAIGN_DRAFT): nothing is sent until CampaignsController_send.',
  access: 'tenant',
  scope: 'tasks:write',
  input: { body: campaignCreateBody },
  output: campaignOutput,
  successStatus: 201,
  resources: ['platformTable:write'],
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => {
    const tenant = requireTenant(ctx);
    const principal = requirePrincipal(ctx);
    if (body.renderMode === 'PLATFORM' && !body.creativeIds.length) throw badRequest(['creativeIds must contain at least 1 element for renderMode PLATFORM']);
    if (!principal.accountId) throw conflict('The campaign guarantee is accepted by an account: call with a key or session of one', { code: 'no_account' });
    await requireReceiptForSenderChange(ctx, body as Record<string, unknown>);
    const now = ctx.deps.clock.now();
    const campaignId = newId(now);
    const created = await createCampaign(tenant.table, body, now, campaignId);
    const acceptance = await acceptDocument(ctx.deps, {
      accountId: principal.accountId,
      tenantId: tenant.tenantId,
      docKey: 'campaign_guarantee',
      context: 'campaign',
      refId: campaignId,
      ip: ctx.request.ip,
    });
    const after = await updateCampaign(tenant.table, created, { guaranteeAcceptanceId: acceptance.id }, now);
    await logActivity(ctx.deps, tenant.table, campaignId, actorOf(ctx), 'created', null, { renderMode: body.renderMode, acceptanceId: acceptance.id });
    return campaignView(after ?? (await getCampaignItem(tenant.table, campaignId)));
  },
  guidance: (c) => ({
    next: 'CampaignsController_pour',
    why: 'Pour the audience: {listId}, {companyListId} or {allContacts:true}.',
    check: `POST /api/campaigns/${c.id}/pour`,
  }),
});
export const handler = lambdaHandler(operation);
