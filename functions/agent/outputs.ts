import * as z from 'zod';

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

export const agent_guide_getOutput = z.looseObject({
  version: z.string(),
  format: z.string().describe('Format of `text` (markdown)'),
  text: z.string().describe('The whole guide as one document'),
  outreachOrder: z
    .array(z.looseObject({ step: z.number(), title: z.string(), why: z.string(), check: z.string(), tools: z.array(z.string()) }))
    .describe('The order of an outreach, step by step, with the tools of each step'),
  compliance: z.array(z.string()).describe('Rules every campaign must follow'),
  limits: z.array(z.string()).describe('Rate limits and quotas'),
  errorRecovery: z.array(z.looseObject({ status: z.number(), class: z.string(), recover: z.string() })).describe('What to do after each error status'),
  capabilityReceipt: z.looseObject({}).describe('How to obtain and pass the sender-capability receipt'),
  mcp: z.looseObject({ url: z.string() }).describe('The MCP endpoint and its conventions'),
});
