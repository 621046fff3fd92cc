import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { operations } from '../../functions/registry.js';
import { createMcpServer } from '../../shared/platform/mcp/server.js';
import { catalogOf } from '../../shared/platform/mcp/catalog.js';
import { TOOL_DESCRIPTION_MAX, listTools, shortDescription } from '../../shared/platform/mcp/tools.js';
import { SEARCH_TOOL, searchToolDefinition, words } from '../../shared/platform/mcp/tools-search.js';
import { DEFAULT_TOOLSETS, TAG_TOOLSETS, TOOLSETS, inToolsets, selectToolsets, toolsetOf } from '../../shared/platform/mcp/toolsets.js';
import { defineOperation, type AnyOperation } from '../../shared/platform/registry/operation.js';
import { configFromEnv } from '../../shared/platform/runtime/config.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import type { Principal } from '../../shared/platform/runtime/principal.js';

const everything: Principal = {
  kind: 'key',
  keyId: 'k',
  accountId: 'a',
  userId: 'u',
  accountScope: 'approved',
  status: 'ACTIVE',
  scopes: ['*'],
  platformAdmin: false,
};

describe('toolsets', () => {
  it('every operation of the registry has a toolset (add its tag to TAG_TOOLSETS in shared/platform/mcp/toolsets.ts)', () => {
    const unmapped = [...new Set(operations.filter((op) => !toolsetOf(op)).map((op) => op.tag))];
    expect(unmapped).toEqual([]);
  });

  it('maps the tags of the mailing half too, and only to known toolsets', () => {
    for (const tag of ['senders', 'settings', 'deliverability', 'creatives', 'briefs', 'tasks', 'mailing', 'enrichment', 'scoring', 'campaigns', 'dialogs'])
      expect(TAG_TOOLSETS[tag], tag).toBeDefined();
    for (const t of Object.values(TAG_TOOLSETS)) expect(Object.keys(TOOLSETS)).toContain(t);
  });

  it('the default set stays small: < 25 tools and < 25 KB of tools/list for a fully scoped key', () => {
    const tools = [
      ...listTools(
        operations.filter((op) => inToolsets(op, new Set(DEFAULT_TOOLSETS))),
        everything,
      ),
      searchToolDefinition,
    ];
    expect(tools.length).toBeLessThan(25);
    expect(JSON.stringify({ tools }).length).toBeLessThan(25_000);
  });

  it('selection: query over header, `all` = no filter, nothing = default, unknown name = 400', () => {
    expect(selectToolsets(undefined, undefined)).toEqual(new Set(DEFAULT_TOOLSETS));
    expect(selectToolsets('crm, Leads', 'audience')).toEqual(new Set(['crm', 'leads']));
    expect(selectToolsets(undefined, 'audience')).toEqual(new Set(['audience']));
    expect(selectToolsets('all', undefined)).toBeUndefined();
    expect(() => selectToolsets('crm,nope', undefined)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('descriptions are cut at a sentence end below the cap', () => {
    for (const op of operations) {
      const d = shortDescription(op);
      expect(d.length, op.operationId).toBeLessThanOrEqual(TOOL_DESCRIPTION_MAX);
      expect((op.description || op.summary).startsWith(d.replace(/…$/, '')), op.operationId).toBe(true);
    }
  });

  it('search words split ids and drop filler words', () => {
    expect(words('CampaignsController_pour')).toEqual(['campaign', 'controller', 'pour']);
    expect(words('pour audience into campaign')).toEqual(['pour', 'audience', 'campaign']);
  });
});

describe('svc_tools_search (official client over an in-memory transport, synthetic registry entry)', () => {
  const pour = defineOperation({
    operationId: 'CampaignsController_pour',
    method: 'POST',
    path: '/api/campaigns/{id}/pour',
    tag: 'campaigns',
    summary: 'Pour an audience into a campaign',
    description: 'Adds the contacts of a list or filter to a campaign (test-only synthetic entry).',
    access: 'tenant',
    scope: 'crm:write',
    input: { path: z.strictObject({ id: z.string() }), body: z.strictObject({ listId: z.string() }) },
    handler: async ({ path }) => ({ id: path.id, poured: 0 }),
  });
  // The synthetic entry stands in for the real pour (whose body is optional: an empty body pours the whole database).
  const registry: AnyOperation[] = [...operations.filter((o) => o.operationId !== pour.operationId), pour];
  const deps = { config: configFromEnv({ SVC_RUNTIME: 'local' }) } as unknown as Deps;
  const event = {
    headers: {},
    requestContext: { http: { method: 'POST', path: '/mcp', sourceIp: '127.0.0.1', protocol: 'HTTP/1.1', userAgent: 't' }, requestId: 'r' },
  } as unknown as APIGatewayProxyEventV2;
  let c: Client | undefined;
  afterEach(async () => c?.close());

  async function connect(selection = '') {
    const toolsets = selectToolsets(selection, undefined);
    const server = createMcpServer(deps, catalogOf(registry), { event, principal: everything, guidance: true, toolsets });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    c = new Client({ name: 'toolsets', version: '1' });
    await c.connect(b);
    return c;
  }

  it('finds the pour tool by "pour audience into campaign", outside the default toolsets, with the toolset to enable', async () => {
    const client = await connect();
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain(SEARCH_TOOL);
    expect(names).not.toContain('svc_CampaignsController_pour');
    const r = (await client.callTool({ name: SEARCH_TOOL, arguments: { query: 'pour audience into campaign', include_schema: true } })) as any;
    const first = r.structuredContent.results[0];
    expect(first).toMatchObject({ name: 'svc_CampaignsController_pour', toolset: 'campaigns', listed: false, summary: 'Pour an audience into a campaign' });
    expect(first.inputSchema.required).toEqual(['id', 'body']);
    expect(r.structuredContent.hint).toContain('toolsets=agent,campaigns');
    expect(r.structuredContent.toolsets.map((t: { name: string }) => t.name)).toEqual(Object.keys(TOOLSETS));
  });

  it('with toolsets=campaigns the tool is listed; `all` lists every tool plus the search tool', async () => {
    expect((await (await connect('campaigns')).listTools()).tools.map((t) => t.name)).toContain('svc_CampaignsController_pour');
    const all = (await (await connect('all')).listTools()).tools;
    expect(all.length).toBe(listTools(registry, everything).length + 1);
  });

  it('bad search arguments are a tool error with the 400 body', async () => {
    const r = (await (await connect()).callTool({ name: SEARCH_TOOL, arguments: { toolset: 'nope' } })) as any;
    expect(r.isError).toBe(true);
    expect(JSON.parse(r.content[0].text)).toMatchObject({ statusCode: 400 });
  });
});
