import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { retryAiFailures } from '../../shared/mailing/campaigns/recovery.js';
import { lambdaHandler } from '../lambda.js';
import { actorOf, campaignIdPath } from './schema.js';
import { aiRecoveryOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'CampaignsController_retryAiFailures',
  method: 'POST',
  path: '/api/campaigns/{id}/retry-ai-failures',
  tag: 'campaigns',
  summary: 'Move AI failures (CREATIVE_FAILED) back to SCREENED',
  description:
    'aiRecovery {reset, reason, failureReasons}: retried (and a PLATFORM preparation starts), same_provider (the provider’s breaker is still open: nothing moved, see retryAt), already_recovered, nothing_to_retry. reset=0 is not a failure; audit failures stay.',
  access: 'tenant',
  scope: 'tasks:write',
  input: { path: campaignIdPath },
  output: z.looseObject({ aiRecovery: aiRecoveryOutput }),
  resources: ['workflow:campaign-recipients'],
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path }, ctx) => ({ aiRecovery: await retryAiFailures(ctx.deps, requireTenant(ctx).tenantId, path.id, actorOf(ctx)) }),
});
export const handler = lambdaHandler(operation);
