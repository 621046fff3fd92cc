import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { mcpClients } from '../support/mcp-client.js';
import { addKey, startTenantRuntime, type createApprovedAccount } from '../support/accounts.js';
import { client, startTestRuntime } from '../support/runtime.js';

/** The MCP server over real HTTP against the local runtime, with the official SDK client. */
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let owner: Awaited<ReturnType<typeof createApprovedAccount>>;
const { connect, closeAll } = mcpClients(() => rt.url);

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
type Result = { structuredContent?: Record<string, any>; content: { type: string; text: string }[]; isError?: boolean; _meta?: Record<string, unknown> };
/** Errors carry their body as text only (no structuredContent, which the SDK would check against the outputSchema): read it back from there. */
const call = async (c: Client, name: string, args: Record<string, unknown> = {}) => {
  const r = (await c.callTool({ name, arguments: args })) as Result;
  if (r.isError) {
    expect(r.structuredContent).toBeUndefined();
    return { ...r, structuredContent: JSON.parse(r.content[0].text) as Record<string, any> };
  }
  return r;
};
const withoutExpert = (o: Record<string, any> | undefined) => {
  const { _expert, ...rest } = o ?? {};
  return rest;
};

beforeAll(async () => {
  ({ rt, account: owner } = await startTenantRuntime());
});
afterAll(async () => {
  await closeAll();
  await rt?.stop();
});

describe('MCP server at /mcp', () => {
  it('initializes (stateless, JSON responses) and names itself', async () => {
    const c = await connect(bearer(owner.apiKey));
    expect(c.getServerVersion()).toMatchObject({ name: 'svc', version: '1.0.0' });
    expect(c.getServerCapabilities()?.tools).toBeDefined();
    expect(c.getInstructions()).toContain('svc_agent_guide_get');
  });

  it('lists every tool a fully scoped key may use, with schemas and hints', async () => {
    const c = await connect(bearer(owner.apiKey));
    const { tools } = await c.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const n of [
      'svc_v1_me',
      'svc_v1_signup',
      'svc_agent_guide_get',
      'svc_agent_guide_sender_capability',
      'svc_notifications_self_note',
      'svc_notifications_list',
      'svc_notifications_get',
    ])
      expect(byName.has(n), n).toBe(true);
    expect(byName.has('svc_discovery_agent_card')).toBe(false); // mcp: false
    expect(tools.every((t) => t.name.startsWith('svc_'))).toBe(true);
    const note = byName.get('svc_notifications_self_note')!;
    expect(note.inputSchema.required).toEqual(['body']);
    expect((note.inputSchema.properties as any).body.required).toEqual(['title', 'message']);
    expect((note.inputSchema.properties as any).tenant_id.type).toBe('string');
    expect(note.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    const get = byName.get('svc_notifications_get')!;
    expect(get.inputSchema.required).toEqual(['id']);
    expect((get.inputSchema.properties as any).id.type).toBe('string');
    expect(get.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(Object.keys(byName.get('svc_notifications_list')!.inputSchema.properties ?? {})).toEqual(['pageSize', 'cursor', 'kind', 'tenant_id']);
  });

  it('runs tools with body, tenant_id, query and path arguments; _expert points to the next tool', async () => {
    const c = await connect(bearer(owner.apiKey));
    const created = await call(c, 'svc_notifications_self_note', { body: { title: 'Hand-over', message: 'Verify list A next' }, tenant_id: owner.tenantId });
    expect(created.isError).toBeUndefined();
    expect(created.structuredContent).toMatchObject({ kind: 'self_note', title: 'Hand-over', createdBy: { channel: 'mcp' } });
    expect(created.structuredContent!._expert).toMatchObject({ next: 'svc_notifications_list', why: expect.any(String) });
    expect(JSON.parse(created.content[0].text)).toEqual(created.structuredContent);
    expect(created._meta).toMatchObject({ 'svc/status': 201 });

    const id = created.structuredContent!.id as string;
    const got = await call(c, 'svc_notifications_get', { id });
    expect(withoutExpert(got.structuredContent)).toEqual(withoutExpert(created.structuredContent));
    const listed = await call(c, 'svc_notifications_list', { pageSize: 1, kind: 'self_note', tenant_id: owner.tenantId });
    expect(listed.structuredContent!.data.map((n: any) => n.id)).toEqual([id]);

    // Same body as HTTP for the same call.
    const http = await client(rt.url, { key: owner.apiKey }).get(`/api/notifications/${id}`);
    expect(http.status).toBe(200);
    expect(withoutExpert(got.structuredContent)).toEqual(http.body);
  });

  it('X-SERVICE-Guidance: off suppresses _expert', async () => {
    const c = await connect({ ...bearer(owner.apiKey), 'X-SERVICE-Guidance': 'off' });
    const r = await call(c, 'svc_agent_guide_get');
    expect(r.structuredContent!.outreachOrder).toHaveLength(8);
    expect(r.structuredContent!._expert).toBeUndefined();
    const e = await call(c, 'svc_notifications_get', { id: 'nope' });
    expect(e.isError).toBe(true);
    expect(e.structuredContent!._expert).toBeUndefined();
  });

  it('the tenant may also come from the X-Tenant-Id header of the MCP request', async () => {
    const c = await connect({ ...bearer(owner.apiKey), 'X-Tenant-Id': 'tenant-of-nobody' });
    const r = await call(c, 'svc_notifications_list');
    expect(r.isError).toBe(true);
    expect(withoutExpert(r.structuredContent)).toEqual({ statusCode: 404, message: 'Tenant not found', error: 'Not Found' });
    const ok = await call(c, 'svc_notifications_list', { tenant_id: owner.tenantId }); // the argument wins
    expect(ok.isError).toBeUndefined();
  });
});

describe('errors are the HTTP bodies, as tool results with isError', () => {
  const http = () => client(rt.url, { key: owner.apiKey });

  it('400: unknown body property and invalid fields (message arrays)', async () => {
    const c = await connect(bearer(owner.apiKey));
    for (const body of [{ title: 't', message: 'm', extra: 1 }, { title: '', message: 'm' }, {}]) {
      const mcp = await call(c, 'svc_notifications_self_note', { body });
      const h = await http().post('/api/notifications/self-note', body);
      expect(h.status).toBe(400);
      expect(mcp.isError).toBe(true);
      expect(withoutExpert(mcp.structuredContent)).toEqual(h.body);
      expect(mcp._meta).toMatchObject({ 'svc/status': 400 });
      expect(mcp.structuredContent!._expert).toMatchObject({ next: 'svc_notifications_self_note' });
    }
    const unknownArg = await call(c, 'svc_notifications_list', { limit: 5 });
    expect(withoutExpert(unknownArg.structuredContent)).toEqual({ statusCode: 400, message: ['property limit should not exist'], error: 'Bad Request' });
    const badQuery = await call(c, 'svc_notifications_list', { pageSize: 0 });
    expect(withoutExpert(badQuery.structuredContent)).toEqual((await http().get('/api/notifications?pageSize=0')).body);
  });

  it('404 for an object that does not exist, same as HTTP', async () => {
    const c = await connect(bearer(owner.apiKey));
    const mcp = await call(c, 'svc_notifications_get', { id: '0000000000000000000000000' });
    const h = await http().get('/api/notifications/0000000000000000000000000');
    expect(h.status).toBe(404);
    expect(withoutExpert(mcp.structuredContent)).toEqual(h.body);
    expect(mcp.structuredContent!._expert).toMatchObject({ next: 'svc_notifications_list' });
  });

  it('401 without credentials: only public tools are listed; protected calls answer the spec body', async () => {
    const c = await connect();
    const names = (await c.listTools()).tools.map((t) => t.name);
    expect(names).toContain('svc_v1_signup');
    expect(names).toContain('svc_agent_guide_get');
    expect(names).not.toContain('svc_v1_me');
    expect(names).not.toContain('svc_notifications_list');
    const mcp = await call(c, 'svc_notifications_list');
    const h = await client(rt.url).get('/api/notifications');
    expect(h.status).toBe(401);
    expect(mcp.isError).toBe(true);
    expect(withoutExpert(mcp.structuredContent)).toEqual({ statusCode: 401, message: 'Invalid credentials' });
    expect(withoutExpert(mcp.structuredContent)).toEqual(h.body);
    expect(mcp.structuredContent!._expert).toMatchObject({ next: 'svc_v1_signup' });
  });

  it('invalid credentials: the MCP request itself is a 401 with the spec body', async () => {
    const res = await fetch(`${rt.url}/mcp`, {
      method: 'POST',
      headers: { authorization: 'Bearer svc_pk_not-a-real-key', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ statusCode: 401, message: 'Invalid credentials' });
    await expect(connect(bearer('svc_pk_' + 'x'.repeat(43)))).rejects.toThrow();
  });

  it('a key without the scope neither sees nor can call the tool (403 as over HTTP)', async () => {
    const readOnly = await addKey(rt.deps, owner.accountId, ['workspace:read']);
    const c = await connect(bearer(readOnly));
    const names = (await c.listTools()).tools.map((t) => t.name);
    expect(names).toContain('svc_notifications_list');
    expect(names).not.toContain('svc_notifications_self_note');
    expect(names).not.toContain('svc_agent_guide_sender_capability');
    const mcp = await call(c, 'svc_notifications_self_note', { body: { title: 't', message: 'm' } });
    const h = await client(rt.url, { key: readOnly }).post('/api/notifications/self-note', { title: 't', message: 'm' });
    expect(h.status).toBe(403);
    expect(mcp.isError).toBe(true);
    expect(withoutExpert(mcp.structuredContent)).toEqual(h.body);
    expect(h.body).toMatchObject({ code: 'insufficient_scope', requiredScope: 'workspace:write' });
  });

  it('admin and plain-REST operations are not tools at all', async () => {
    const c = await connect(bearer(owner.apiKey));
    await expect(c.callTool({ name: 'svc_discovery_agent_card', arguments: {} })).rejects.toThrow(/Unknown tool/);
    await expect(c.callTool({ name: 'svc_no_such_operation', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it('GET /mcp is 405 (stateless server, POST only)', async () => {
    const res = await fetch(`${rt.url}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
  });
});
