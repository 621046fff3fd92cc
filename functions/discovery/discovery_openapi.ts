import { defineOperation } from '../../shared/platform/registry/operation.js';
import { openApiDocument } from '../../shared/platform/registry/openapi.js';
import { lambdaHandler } from '../lambda.js';
import { discovery_openapiOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'discovery_openapi',
  method: 'GET',
  path: '/openapi.json',
  tag: 'discovery',
  summary: 'OpenAPI 3.1 document of the whole API',
  description: 'Generated from the operation registry: every route, its input schemas, scope (x-scope) and MCP tool name (x-mcp-tool).',
  output: discovery_openapiOutput,
  access: 'public',
  mcp: false,
  input: {},
  hints: { readOnly: true, idempotent: true },
  resources: ['discoveryData'],
  handler: async (_input, ctx) => {
    return openApiDocument((await ctx.deps.discoveryData()).openapiPaths, ctx.deps.config.publicBaseUrl);
  },
});

export const handler = lambdaHandler(operation);
