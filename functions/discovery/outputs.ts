import * as z from 'zod';

/** Success answers of the discovery operations (OpenAPI responses; e2e suites parse real answers with them). */
const capability = z.looseObject({
  operationId: z.string(),
  method: z.string(),
  path: z.string(),
  scope: z.string().nullable().describe('Scope the key needs (null: none)'),
  access: z.string(),
  summary: z.string(),
  mcpTool: z.string().nullable().describe('The same operation as an MCP tool'),
  billed: z.string().nullable().describe('Price-list name when the call is paid (see GET /api/billing/balance); null when free'),
  readOnly: z.boolean(),
});

export const discovery_agent_cardOutput = z.looseObject({
  name: z.string(),
  description: z.string(),
  version: z.string(),
  url: z.string().describe('Base URL of the API'),
  authentication: z.looseObject({}).describe('Schemes, key prefix, how to obtain a key, the tenant header'),
  endpoints: z.looseObject({
    openapi: z.string(),
    mcp: z.looseObject({
      url: z.string(),
      transport: z.string(),
      stateless: z.boolean().describe('One request per call: no session to keep'),
      toolPrefix: z.string(),
    }),
    agentGuide: z.string(),
  }),
  identity: z.array(capability).describe('The /v1 identity surface'),
  capabilities: z.array(capability).describe('Every /api/* operation with its scope'),
});

export const discovery_openapiOutput = z.looseObject({
  openapi: z.string().describe('OpenAPI version (3.1.0)'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()).describe('Every deployed operation, derived from the registry'),
  components: z.looseObject({}),
});
