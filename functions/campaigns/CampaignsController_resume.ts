import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { resumeCampaign } from '../../shared/mailing/campaigns/recovery.js';
import { lambdaHandler } from '../lambda.js';
import { actorOf, campaignIdPath, campaignOutput } from './schema.js';
import { aiRecoveryOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'CampaignsController_resume',
  method: 'POST',
  path: '/api/campaigns/{id}/resume',
  tag: 'campaigns',
  summary: 'Resume a paused campaign; clear the AI breaker and retry AI failures',
  description:
    'PAUSED → ACTIVE (e.g. after a top-up for insufficient_balance: a cause still present pauses it again). Always clears the AI circuit breaker and moves unsent AI failures back to SCREENED (a new preparation starts); the answer carries aiRecovery {reset, reason, failureReasons}.',
  access: 'tenant',
  scope: 'tasks:write',
  input: { path: campaignIdPath },
  output: campaignOutput.extend({ aiRecovery: aiRecoveryOutput }),
  resources: ['queue:sends', 'workflow:campaign-recipients'],
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path }, ctx) => resumeCampaign(ctx.deps, requireTenant(ctx).tenantId, path.id, actorOf(ctx)),
  guidance: (c) => ({ next: 'campaigns_operational_status', why: `Campaign is ${c.status}; AI recovery: ${c.aiRecovery.reason}.` }),
});
export const handler = lambdaHandler(operation);
