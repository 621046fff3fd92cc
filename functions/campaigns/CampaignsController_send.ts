import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { sendCampaign } from '../../shared/mailing/campaigns/send.js';
import { lambdaHandler } from '../lambda.js';
import { actorOf, campaignIdPath } from './schema.js';
import { effectiveOutput } from './outputs.js';
import { CAMPAIGN_STATUSES } from '../../shared/mailing/campaigns/entities.js';

export const operation = defineOperation({
  operationId: 'CampaignsController_send',
  method: 'POST',
  path: '/api/campaigns/{id}/send',
  tag: 'campaigns',
  summary: 'Send up to {limit} READY recipients (real recipients, not a test)',
  description:
    'Body {limit} (1..10000; start with 1). Every blocking gate of sendReadiness must pass (409 send_gates_failed with blockers). Hands READY recipients to the send engine ' +
    '(window, sender state, daily cap, pacing, per-send charge email_send, footer, tracking); the first send makes the campaign ACTIVE. A recipient is enrolled once: safe to repeat.',
  access: 'tenant',
  scope: 'mailing:write',
  input: { path: campaignIdPath, body: z.strictObject({ limit: z.number().int().min(1).max(10_000) }) },
  output: z.looseObject({
    campaignId: z.string(),
    taskId: z.string().describe('The campaign’s send task (tasks_get, tasks_items)'),
    status: z.enum(CAMPAIGN_STATUSES).describe('The campaign’s status (ACTIVE after the first send)'),
    queued: z.number().describe('Recipients handed to the send engine by this call'),
    remainingReady: z.number(),
    effective: effectiveOutput,
  }),
  resources: ['queue:sends'],
  hints: { readOnly: false, idempotent: false },
  handler: async ({ path, body }, ctx) => sendCampaign(ctx.deps, requireTenant(ctx).tenantId, path.id, body.limit, actorOf(ctx)),
  guidance: (r) => ({
    next: 'CampaignsController_metrics',
    why: `${r.queued} queued. Read delivery and placement before sending more; ${r.remainingReady} READY remain.`,
    check: `GET /api/campaigns/${r.campaignId}/metrics`,
  }),
});
export const handler = lambdaHandler(operation);
