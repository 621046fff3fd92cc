import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { operations } from '../../functions/registry.js';
import { catalogOf, toolEntry, type ToolCatalog } from '../../shared/platform/mcp/catalog.js';
import { createMcpServer } from '../../shared/platform/mcp/server.js';
import { listTools } from '../../shared/platform/mcp/tools.js';
import { SEARCH_TOOL, searchToolDefinition } from '../../shared/platform/mcp/tools-search.js';
import { inToolsets, selectToolsets } from '../../shared/platform/mcp/toolsets.js';
import { configFromEnv } from '../../shared/platform/runtime/config.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import type { Principal } from '../../shared/platform/runtime/principal.js';

/**
 * The MCP function in AWS answers tools/list and svc_tools_search from the catalogue its build writes
 * as JSON (infra/aws/mcp-bundle.ts). Those answers must be exactly what the registry derives live, for
 * every kind of caller, toolset selection and runtime.
 */
const key = (scopes: string[], accountScope: Principal['accountScope'] = 'approved'): Principal => ({
  kind: 'key',
  keyId: 'k',
  accountId: 'a',
  userId: 'u',
  accountScope,
  status: 'ACTIVE',
  scopes,
  platformAdmin: false,
});
const callers: Record<string, Principal | undefined> = {
  anonymous: undefined,
  'all scopes': key(['*']),
  'crm:read': key(['crm:read']),
  sandbox: key(['*'], 'sandbox'),
};
const event = {
  headers: {},
  requestContext: { http: { method: 'POST', path: '/mcp', sourceIp: '127.0.0.1', protocol: 'HTTP/1.1', userAgent: 't' }, requestId: 'r' },
} as unknown as APIGatewayProxyEventV2;

/** The catalogue as the deployed function reads it: the build's JSON, parsed. */
const built: ToolCatalog = { entries: async () => JSON.parse(JSON.stringify(operations.map(toolEntry))), load: catalogOf(operations).load };

async function client(mode: 'local' | 'aws', catalog: ToolCatalog, principal: Principal | undefined, toolsets: string) {
  const deps = { config: { ...configFromEnv({ SVC_RUNTIME: 'local' }), mode } } as unknown as Deps;
  const server = createMcpServer(deps, catalog, { event, principal, guidance: true, toolsets: selectToolsets(toolsets || undefined, undefined) });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const c = new Client({ name: 'catalog', version: '1' });
  await c.connect(b);
  return c;
}

describe('MCP catalogue built as JSON', () => {
  it('lists and searches exactly what the live registry derives, for every caller, toolset selection and runtime', async () => {
    for (const mode of ['aws', 'local'] as const)
      for (const [who, principal] of Object.entries(callers))
        for (const toolsets of ['', 'all', 'crm,leads']) {
          const c = await client(mode, built, principal, toolsets);
          const selection = selectToolsets(toolsets || undefined, undefined);
          const live = [
            ...listTools(
              operations.filter((op) => inToolsets(op, selection)),
              principal,
              mode,
            ),
            searchToolDefinition,
          ];
          expect((await c.listTools()).tools, `${mode} ${who} ${toolsets}`).toEqual(JSON.parse(JSON.stringify(live)));
          const fromLive = await client(mode, catalogOf(operations), principal, toolsets);
          for (const args of [
            { query: 'pour audience into campaign', include_schema: true },
            { toolset: 'crm', limit: 25 },
          ])
            expect(await c.callTool({ name: SEARCH_TOOL, arguments: args }), `${mode} ${who} ${toolsets}`).toEqual(
              await fromLive.callTool({ name: SEARCH_TOOL, arguments: args }),
            );
          await Promise.all([c.close(), fromLive.close()]);
        }
  }, 60_000);

  it('holds every operation (guidance names plain-REST ones by route) and a tool definition only for possible tools', () => {
    const entries = operations.map(toolEntry);
    expect(entries.map((e) => e.operationId)).toEqual(operations.map((op) => op.operationId));
    for (const [i, op] of operations.entries()) expect('tool' in entries[i], op.operationId).toBe(op.mcp !== false && op.access !== 'admin');
  });
});
