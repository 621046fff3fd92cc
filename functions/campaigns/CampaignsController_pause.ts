import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { pauseCampaign } from '../../shared/mailing/campaigns/lifecycle.js';
import { lambdaHandler } from '../lambda.js';
import { actorOf, campaignIdPath, campaignOutput } from './schema.js';

export const operation = defineOperation({
  operationId: 'CampaignsController_pause',
  method: 'POST',
  path: '/api/campaigns/{id}/pause',
  tag: 'campaigns',
  summary: 'Pause an ACTIVE campaign',
  description:
    'ACTIVE → PAUSED (pauseReason manual, logged with who paused it and the optional body {note}: why, in words, shown as detail.note in CampaignsController_activity); its send task pauses, nothing more leaves. Pausing a PAUSED campaign answers it unchanged.',
  access: 'tenant',
  scope: 'tasks:write',
  input: {
    path: campaignIdPath,
    body: z.strictObject({ note: z.string().trim().min(1).max(500).optional().describe('Why it is paused, for the activity log') }).optional(),
  },
  output: campaignOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => pauseCampaign(ctx.deps, requireTenant(ctx).tenantId, path.id, actorOf(ctx), body?.note),
  guidance: (c) => ({ next: 'CampaignsController_resume', why: 'Resume when ready.', check: `POST /api/campaigns/${c.id}/resume` }),
});
export const handler = lambdaHandler(operation);
