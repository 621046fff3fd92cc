import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../functions/registry.js';
import { isMcpTool } from '../../shared/platform/mcp/tools.js';
import { startTenantRuntime } from '../support/accounts.js';
import { mcpClients } from '../support/mcp-client.js';

/** MCP toolsets and the discovery tool over real HTTP with the official SDK client. */
let env: Awaited<ReturnType<typeof startTenantRuntime>>;
const { connect, closeAll } = mcpClients(() => env.rt.url);
const bearer = () => ({ authorization: `Bearer ${env.account.apiKey}` });
beforeAll(async () => {
  env = await startTenantRuntime();
});
afterAll(async () => {
  await closeAll();
  await env?.rt.stop();
});

/** The raw tools/list answer (bytes an agent pays for). */
async function rawToolsList(query = '', headers: Record<string, string> = {}) {
  const res = await fetch(`${env.rt.url}/mcp${query}`, {
    method: 'POST',
    headers: {
      ...bearer(),
      ...headers,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  const text = await res.text();
  return { status: res.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) };
}

describe('MCP toolsets', () => {
  it('without toolsets: the small default set (< 25 tools, < 25 KB) with the discovery tool', async () => {
    const tools = (await (await connect(bearer())).listTools()).tools.map((t) => t.name);
    expect(tools.length).toBeLessThan(25);
    expect(tools).toContain('svc_tools_search');
    expect(tools).toContain('svc_agent_guide_get');
    expect(tools).not.toContain('svc_companies_list');
    const raw = await rawToolsList();
    expect(raw.body.result.tools).toHaveLength(tools.length);
    expect(raw.bytes).toBeLessThan(25_000);
  });

  it('toolsets=all lists every operation as svc_<operationId>', async () => {
    const names = (await (await connect(bearer(), '?toolsets=all')).listTools()).tools.map((t) => t.name);
    const expected = operations.filter((op) => isMcpTool(op)).map((op) => `svc_${op.operationId}`);
    for (const n of expected) expect(names).toContain(n);
    expect(names).toHaveLength(expected.length + 1);
  });

  it('query parameter or X-SERVICE-Toolsets header select toolsets; an unknown name is a 400', async () => {
    const byQuery = (await (await connect(bearer(), '?toolsets=crm,leads')).listTools()).tools.map((t) => t.name);
    expect(byQuery).toContain('svc_companies_list');
    expect(byQuery).toContain('svc_leads_create');
    expect(byQuery).not.toContain('svc_agent_guide_get');
    const byHeader = (await (await connect({ ...bearer(), 'X-SERVICE-Toolsets': 'audience' })).listTools()).tools.map((t) => t.name);
    expect(byHeader).toContain('svc_suppression_list');
    expect(byHeader).not.toContain('svc_companies_list');
    const bad = await rawToolsList('?toolsets=crm,bogus');
    expect(bad.status).toBe(400);
    expect(bad.body.message[0]).toContain('unknown toolset bogus');
  });

  it('the discovery tool finds a tool by words; a tool outside the selection is still callable by name', async () => {
    const c = await connect(bearer());
    const r = (await c.callTool({ name: 'svc_tools_search', arguments: { query: 'verify a batch of email addresses' } })) as any;
    expect(r.structuredContent.results[0]).toMatchObject({ name: 'svc_EmailVerificationController_verifyBatch', toolset: 'audience', listed: false });
    expect(r.structuredContent.hint).toContain('toolsets=');
    const wrong = (await c.callTool({ name: 'svc_tools_search', arguments: { query: 'x', toolset: 'bogus' } })) as any;
    expect(wrong).toMatchObject({ isError: true, _meta: { 'svc/status': 400 } });
    const companies = (await c.callTool({ name: 'svc_companies_list', arguments: {} })) as any;
    expect(companies.isError).toBeUndefined();
    expect(companies.structuredContent.data).toEqual([]);
  });
});
