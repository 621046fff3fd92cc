import * as z from 'zod';
import { defineOperation } from '../../shared/registry/operation.js';
import { requireTenant } from '../../shared/runtime/context.js';
import { listActivity } from '../../shared/campaigns/campaigns.js';
import { syncCampaign } from '../../shared/campaigns/ops.js';
import { lambdaHandler } from '../lambda.js';
import { campaignIdPath, pageQuery } from './schema.js';

export const operation = defineOperation({
  operationId: 'CampaignsController_activity',
  method: 'GET',
  path: '/api/campaigns/{id}/activity',
  tag: 'campaigns',
  summary: 'Campaign log: who did what and why',
  description:
    'Newest first: created, preparation_started, activated, send, paused (actor and reason, e.g. the system for insufficient_balance), resumed, degraded, ai_recovered, blocked ...',
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: campaignIdPath, query: pageQuery },
  output: z.looseObject({
    data: z.array(z.looseObject({ at: z.string(), actor: z.looseObject({ kind: z.string() }), action: z.string(), reason: z.string().nullable() })),
    nextCursor: z.string().nullable(),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => {
    await syncCampaign(ctx.deps, requireTenant(ctx).tenantId, path.id);
    return listActivity(requireTenant(ctx).table, path.id, query);
  },
});
export const handler = lambdaHandler(operation);
