import type { AnyOperation } from './operation.js';
import { mcpEndpoint } from '../mcp/endpoint.js';

/**
 * `/.well-known/agent-card.json`. The format is ours (documented in docs/agent-card.md):
 * every /api/* capability with its scope, how to authenticate, and where the MCP server and
 * OpenAPI document are.
 */
export function buildAgentCard(operations: AnyOperation[], baseUrl: string) {
  return agentCard(agentCardEntries(operations), baseUrl);
}

/** The card's registry-derived lists (computed at build time for Lambda). */
export function agentCardEntries(operations: AnyOperation[]) {
  const deployed = operations.filter((op) => !op.localOnly);
  const entry = (op: AnyOperation) => ({
    operationId: op.operationId,
    method: op.method,
    path: op.path,
    scope: op.scope ?? null,
    access: op.access,
    summary: op.summary,
    mcpTool: op.mcp === false || op.access === 'admin' ? null : `svc_${op.operationId}`,
    billed: op.billing ?? null,
    readOnly: Boolean(op.hints?.readOnly),
  });
  return {
    identity: deployed.filter((op) => op.path.startsWith('/v1/')).map(entry),
    capabilities: deployed.filter((op) => op.path.startsWith('/api/')).map(entry),
  };
}

export type AgentCardEntries = ReturnType<typeof agentCardEntries>;

/** The card from its registry-derived lists and the public base URL (known only at run time). */
export function agentCard(entries: AgentCardEntries, baseUrl: string) {
  return {
    name: 'svc',
    description: 'Outbound CRM and cold B2B mailing. The same operations over HTTPS (/api/*) and MCP (svc_<operationId>).',
    version: '1.0.0',
    url: baseUrl,
    authentication: {
      schemes: ['bearer', 'session-cookie'],
      keyPrefix: 'svc_pk_',
      obtainKey: { method: 'POST', path: '/v1/signup' },
      tenantHeader: 'X-Tenant-Id',
    },
    // MCP: `/mcp` locally, its own function URL in AWS (MCP_URL); stateless Streamable HTTP, tools `svc_<operationId>`.
    endpoints: { openapi: '/openapi.json', mcp: mcpEndpoint({ publicBaseUrl: baseUrl }), agentGuide: '/api/v1/agent-guide' },
    identity: entries.identity,
    capabilities: entries.capabilities,
  };
}
