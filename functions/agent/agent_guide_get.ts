import { defineOperation } from '../../shared/platform/registry/operation.js';
import { agentGuide } from '../../shared/platform/agent/guide.js';
import { mcpEndpoint } from '../../shared/platform/mcp/endpoint.js';
import { lambdaHandler } from '../lambda.js';
import { agent_guide_getOutput } from './outputs.js';

/**
 * Public on purpose: the spec names no scope for it (while the receipt route next to it names
 * agent:read), and it is documentation generated from the registry with no tenant data, like the
 * agent card and OpenAPI. An agent reads it before it has a key.
 */
export const operation = defineOperation({
  operationId: 'agent_guide_get',
  method: 'GET',
  path: '/api/v1/agent-guide',
  tag: 'agent',
  summary: 'Agent guide: outreach order, compliance, limits, error recovery',
  description:
    'Markdown `text` plus the same as data: outreachOrder (steps with their tools), compliance rules, limits, errorRecovery per error class, the capability-receipt rule and MCP usage. Public.',
  output: agent_guide_getOutput,
  access: 'public',
  input: {},
  hints: { readOnly: true, idempotent: true },
  resources: ['discoveryData'],
  handler: async (_input, ctx) => {
    return agentGuide((await ctx.deps.discoveryData()).guideTools, { mcpUrl: mcpEndpoint(ctx.deps.config).url });
  },
  guidance: () => ({ next: 'v1_me', why: 'Check what your key may do, then follow outreachOrder from step 1.', check: 'No key yet: svc_v1_signup.' }),
});

export const handler = lambdaHandler(operation);
