import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { notFound } from '../../shared/platform/errors.js';
import { ADMIN_ACCESS_NOTE, adminActor } from '../../shared/workspace/accounts/admin-access.js';
import { Tenant } from '../../shared/workspace/tenancy/entities.js';
import { moderateCampaign } from '../../shared/mailing/campaigns/campaigns.js';
import { lambdaHandler } from '../lambda.js';
import { campaignOutput, id } from '../campaigns/schema.js';

export const operation = defineOperation({
  operationId: 'admin_campaigns_moderate',
  method: 'POST',
  path: '/admin/api/tenants/{id}/campaigns/{campaignId}/moderate',
  tag: 'admin',
  summary: 'Moderate a BLOCKED campaign (audit exhaustion)',
  description:
    'Body {action: release | keep, note}. release: a fresh audit budget and back to PAUSED (DRAFT if it never sent) for its owner to resume; keep: stays BLOCKED. ' +
    `Logged with the admin as actor. 409 campaign_not_blocked otherwise. ${ADMIN_ACCESS_NOTE}`,
  output: campaignOutput,
  access: 'admin',
  mcp: false,
  input: {
    path: z.strictObject({ id, campaignId: id }),
    body: z.strictObject({ action: z.enum(['release', 'keep']), note: z.string().trim().min(1).max(500) }),
  },
  hints: { readOnly: false, idempotent: false },
  handler: async ({ path, body }, ctx) => {
    if (!(await ctx.deps.platform.get(Tenant.key({ tenantId: path.id })))) throw notFound('Tenant');
    return moderateCampaign(ctx.deps, ctx.deps.tenantTable(path.id), path.campaignId, body.action, body.note, String(adminActor(ctx)));
  },
});
export const handler = lambdaHandler(operation);
