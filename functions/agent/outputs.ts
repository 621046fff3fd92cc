import * as z from 'zod';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

/** Success answers of the agent operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
export const agent_guide_sender_capabilityOutput = z.looseObject({
  receipt: z.string(),
  header: z.string(),
  tenantId: z.string().describe('Workspace (tenant) id: the `tenant_id` argument / X-Tenant-Id header'),
  expiresAt: z.string(),
  ttlSeconds: z.number(),
  singleUse: z.boolean(),
  appliesTo: z.array(z.string()),
});

export const agent_guide_getOutput = checkedOutput(
  z.looseObject({
    version: z.string().describe('Version of the guide'),
    format: z.string().describe('Format of `text` (markdown)'),
    text: z.string().describe('The whole guide as one document'),
    outreachOrder: z
      .array(
        z.looseObject({
          step: z.number(),
          title: z.string(),
          why: z.string(),
          check: z.string().describe('How to tell the step is done'),
          tools: z.array(z.string()).describe('MCP tool names of the step (svc_<operationId>)'),
        }),
      )
      .describe('The order of an outreach, step by step, with the tools of each step'),
    compliance: z.array(z.string()).describe('Rules every campaign must follow'),
    limits: z.array(z.string()).describe('Rate limits and quotas'),
    errorRecovery: z
      .array(
        z.looseObject({ status: z.number().describe('HTTP status'), class: z.string().describe('Error class'), recover: z.string().describe('What to do') }),
      )
      .describe('What to do after each error status'),
    capabilityReceipt: z
      .looseObject({
        get: z.string().describe('The operation that issues a receipt'),
        header: z.string().describe('The request header that carries it'),
        rule: z.string().describe('When a receipt is required and how long it is valid'),
      })
      .describe('How to obtain and pass the sender-capability receipt'),
    mcp: z
      .looseObject({
        url: z.string().describe('The MCP endpoint'),
        transport: z.string().describe('MCP transport (streamable-http)'),
        toolPrefix: z.string().describe('Prefix of every tool name'),
        arguments: z.string().describe('How path, query, body and tenant map to tool arguments'),
        expert: z.string().describe('The `_expert` block of tool results'),
        visibility: z.string().describe('Which tools tools/list shows'),
      })
      .describe('The MCP endpoint and its conventions'),
  }),
);
