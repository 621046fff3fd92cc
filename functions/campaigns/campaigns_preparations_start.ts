import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { startPreparation } from '../../shared/mailing/campaigns/prepare.js';
import { lambdaHandler } from '../lambda.js';
import { actorOf, campaignIdPath } from './schema.js';
import { generationOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'campaigns_preparations_start',
  method: 'POST',
  path: '/api/campaigns/{id}/preparations',
  tag: 'campaigns',
  summary: 'PLATFORM: start the bounded async preparation (render + audit)',
  description:
    'Renders every SCREENED recipient with the AI provider (billed platform_render per render) and audits it (mandatory: audit, or audit_failed at the reduced price; at most 5 iterations per recipient) → READY or CREATIVE_FAILED. ' +
    'At most 5,000 recipients per preparation (start again for the rest). Answers 202 with generationId; a preparation already running is answered instead (safe to repeat). Poll campaigns_preparations_status.',
  access: 'tenant',
  scope: 'tasks:write',
  input: { path: campaignIdPath },
  output: generationOutput.extend({ alreadyRunning: z.boolean().describe('A preparation was already running: it is answered instead') }),
  successStatus: 202,
  resources: ['workflow:campaign-recipients', 'platformTable:write'],
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path }, ctx) => startPreparation(ctx.deps, requireTenant(ctx).tenantId, path.id, actorOf(ctx)),
  guidance: (g) => ({
    next: 'campaigns_preparations_status',
    why: 'Poll until completed or failed.',
    check: `GET /api/campaigns/${g.campaignId}/preparations/${g.generationId}`,
  }),
});
export const handler = lambdaHandler(operation);
