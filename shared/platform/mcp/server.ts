import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Deps } from '../runtime/deps.js';
import type { Principal } from '../runtime/principal.js';
import { callTool } from './call.js';
import { acceptsIdempotencyKey } from '../idempotency/idempotency.js';
import { IDEMPOTENCY_ARG, TOOL_PREFIX, isMcpTool, listedFor, type ToolDefinition } from './tools.js';
import type { ToolCatalog, ToolEntry } from './catalog.js';
import { SEARCH_TOOL, searchToolDefinition, searchTools } from './tools-search.js';
import { inToolsets, type ToolsetSelection } from './toolsets.js';
import { isAppError } from '../errors.js';

export const SERVER_INFO = { name: 'svc', version: '1.0.0' };

const INSTRUCTIONS =
  'Outbound CRM and cold B2B mailing. Each tool is one HTTPS operation: path and query parameters are top-level arguments, the request body is `body`, ' +
  'the tenant is `tenant_id`. Results carry `_expert {next, why, check}`. Start with svc_agent_guide_get (outreach order, compliance, limits). ' +
  'tools/list shows the toolsets of this connection (default: agent plus identity and billing; /mcp?toolsets=crm,leads or all): svc_tools_search finds any tool, and every tool can be called by name.';

export interface McpRequestContext {
  /** The MCP HTTP request as an API Gateway v2 event (credentials, tenant header, client address). */
  event: APIGatewayProxyEventV2;
  /** The caller, authenticated once for this MCP request (undefined = no credentials). */
  principal?: Principal;
  /** False when the request says `X-SERVICE-Guidance: off`. */
  guidance: boolean;
  /** Toolsets listed by tools/list (undefined = all). Calls by name reach every tool regardless. */
  toolsets?: ToolsetSelection;
}

/**
 * One MCP server per HTTP request (stateless). The low-level Server is used on purpose: tools come
 * from the registry with JSON Schemas we derive ourselves, and arguments are validated by the same
 * pipeline as HTTP (so a bad argument gets the HTTP 400 body, not an SDK message). Listing and search
 * read the catalogue's entries; a call loads its one operation (catalog.ts).
 */
export function createMcpServer(deps: Deps, catalog: ToolCatalog, req: McpRequestContext) {
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  const mode = deps.config.mode;
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      ...(await catalog.entries()).filter((e) => inToolsets(e, req.toolsets) && listedFor(e, req.principal, mode)).map(definitionOf),
      searchToolDefinition,
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name;
    const entries = await catalog.entries();
    if (name === SEARCH_TOOL) return searchResult(mode, entries, req, (request.params.arguments ?? {}) as Record<string, unknown>);
    const entry = name.startsWith(TOOL_PREFIX) ? entries.find((e) => e.operationId === name.slice(TOOL_PREFIX.length)) : undefined;
    // Hidden for a missing scope is still callable (and answers the HTTP 403); never-exposed tools do not exist.
    if (!entry || !isMcpTool(entry, mode)) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    const op = await catalog.load(entry.operationId);
    if (!op) throw new Error(`MCP catalogue: no operation module for ${entry.operationId}`);
    const args = { ...((request.params.arguments ?? {}) as Record<string, unknown>) };
    const metaKey = (request.params._meta as Record<string, unknown> | undefined)?.[IDEMPOTENCY_ARG];
    if (args[IDEMPOTENCY_ARG] === undefined && typeof metaKey === 'string' && acceptsIdempotencyKey(op)) args[IDEMPOTENCY_ARG] = metaKey;
    return callTool(deps, entries, op, args, req.event, { guidance: req.guidance });
  });
  return server;
}

const definitionOf = (e: ToolEntry): ToolDefinition => {
  if (!e.tool) throw new Error(`MCP catalogue: no tool definition for ${e.operationId}`);
  return e.tool;
};

/** svc_tools_search over the tools this caller may use (all toolsets), marked listed or not for this connection. */
function searchResult(mode: 'local' | 'aws', entries: readonly ToolEntry[], req: McpRequestContext, args: Record<string, unknown>) {
  const callable = entries.filter((e) => listedFor(e, req.principal, mode));
  try {
    const found = searchTools(callable, req.toolsets, args, definitionOf);
    return { content: [{ type: 'text' as const, text: JSON.stringify(found) }], structuredContent: found };
  } catch (e) {
    if (!isAppError(e)) throw e;
    return { content: [{ type: 'text' as const, text: JSON.stringify(e.body) }], isError: true, _meta: { 'svc/status': e.status } };
  }
}
