import * as z from 'zod';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

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

/**
 * The OpenAPI document: its top level exactly; the path items, security schemes and component schemas
 * are open (records of JSON Schema and OpenAPI objects generated from every operation's own schemas),
 * which the OpenAPI 3.1 specification describes, not this schema.
 */
export const discovery_openapiOutput = checkedOutput(
  z.looseObject({
    openapi: z.string().describe('OpenAPI version (3.1.0)'),
    info: z.looseObject({ title: z.string(), version: z.string().describe('Version of the API'), description: z.string() }),
    servers: z.array(z.looseObject({ url: z.string().describe('Base URL of the API') })),
    security: z.array(z.record(z.string(), z.array(z.string()))).describe('Accepted credentials: bearerAuth (API key) or sessionCookie'),
    components: z.looseObject({
      securitySchemes: z.record(z.string(), z.unknown()).describe('bearerAuth and sessionCookie'),
      schemas: z.record(z.string(), z.unknown()).describe('Shared schemas (Error, Unauthorized)'),
    }),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())).describe('Every deployed operation by path and method, derived from the registry'),
  }),
);
