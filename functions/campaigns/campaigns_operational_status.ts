import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { operationalStatus } from '../../shared/mailing/campaigns/outbox-history.js';
import { lambdaHandler } from '../lambda.js';
import { campaignIdPath } from './schema.js';
import { operationalStatusOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'campaigns_operational_status',
  method: 'GET',
  path: '/api/campaigns/{id}/operational-status',
  tag: 'campaigns',
  summary: 'Operational state: blocker, AI health, preparation, send task progress',
  description:
    'status, pauseReason, operationalState (NORMAL | DEGRADED), primaryBlocker (AI_STAGES_HALTED ...), pipeline.retryAt, the AI breaker, the running preparation, recipient counts, the send task counters and its queued sends (attemptNumber, attemptLimit, issuedAt, leaseDeadline, workerId, profileId, reasonCode, history).',
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: campaignIdPath },
  output: operationalStatusOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => operationalStatus(ctx.deps, requireTenant(ctx).tenantId, path.id),
});
export const handler = lambdaHandler(operation);
