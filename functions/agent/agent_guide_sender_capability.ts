import { defineOperation } from '../../shared/platform/registry/operation.js';
import { issueReceipt, receiptSubject } from '../../shared/platform/agent/capability-receipts.js';
import { requirePrincipal, requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { agent_guide_sender_capabilityOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'agent_guide_sender_capability',
  method: 'GET',
  path: '/api/v1/agent-guide/campaign-sender-capability',
  tag: 'agent',
  summary: 'Capability receipt for changing a campaign senderConfig or sendWindow',
  description:
    'Returns {receipt, header, tenantId, expiresAt, ttlSeconds, singleUse}: a token bound to this tenant and key, valid 10 minutes, single-use. ' +
    'Send it as X-SDR-Capability-Receipt with the campaign create or update that changes senderConfig or sendWindow.',
  output: agent_guide_sender_capabilityOutput,
  resources: ['platformTable:write'],
  access: 'tenant',
  scope: 'agent:read',
  input: {},
  // A new receipt per call: not idempotent, though it changes nothing else.
  hints: { readOnly: false, idempotent: false },
  handler: async (_input, ctx) => issueReceipt(ctx.deps, { tenantId: requireTenant(ctx).tenantId, keyId: receiptSubject(requirePrincipal(ctx)) }),
  guidance: (r) => ({
    next: 'CampaignsController_create',
    why: `Send the receipt as ${r.header} with the campaign create or update that changes senderConfig or sendWindow.`,
    check: `Single-use; expires at ${r.expiresAt}; same tenant and key only.`,
  }),
});

export const handler = lambdaHandler(operation);
