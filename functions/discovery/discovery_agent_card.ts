import { defineOperation } from '../../shared/platform/registry/operation.js';
import { agentCard } from '../../shared/platform/registry/agent-card.js';
import { lambdaHandler } from '../lambda.js';
import { discovery_agent_cardOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'discovery_agent_card',
  method: 'GET',
  path: '/.well-known/agent-card.json',
  tag: 'discovery',
  summary: 'Discovery map of every /api/* capability with its scope',
  description:
    'Version 1.0.0. Lists each /api/* operation (operationId, method, path, scope, MCP tool name, billing) and the /v1 identity routes, plus the MCP and OpenAPI endpoints.',
  output: discovery_agent_cardOutput,
  access: 'public',
  mcp: false,
  input: {},
  hints: { readOnly: true, idempotent: true },
  resources: ['discoveryData'],
  handler: async (_input, ctx) => {
    return agentCard((await ctx.deps.discoveryData()).cardEntries, ctx.deps.config.publicBaseUrl);
  },
});

export const handler = lambdaHandler(operation);
