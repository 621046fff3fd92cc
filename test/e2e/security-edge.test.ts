import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime, type createApprovedAccount } from '../support/accounts.js';
import { client, TEST_ADMIN_TOKEN, type startTestRuntime } from '../support/runtime.js';

/**
 * Regression tests of issue 16 faults 3, 5 and 6: crafted cookies, deep nesting over MCP and
 * request targets starting with `//`. Raw node:http so the request target and cookie header are sent
 * exactly as written (fetch would normalise neither, but says nothing about it).
 */
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let owner: Awaited<ReturnType<typeof createApprovedAccount>>;

beforeAll(async () => {
  ({ rt, account: owner } = await startTenantRuntime());
});
afterAll(() => rt?.stop());

function raw(method: string, target: string, headers: Record<string, string> = {}, body?: string) {
  const { hostname, port } = new URL(rt.url);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      { host: hostname, port, method, path: target, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const STACK = /\s+at .+\(.+:\d+:\d+\)/;

describe('a malformed cookie is an absent cookie (fault 3)', () => {
  const badCookies = ['svc_session=%E0%A4%A', 'svc_session=%', 'a=%ZZ; svc_session=%E0%A4%A', 'svc_csrf=%C0'];

  it('answers /v1/health, /mcp, an identity route, an admin route and a tenant route without a 5xx', async () => {
    const mcpInit = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    for (const cookie of badCookies) {
      const health = await raw('GET', '/v1/health', { cookie });
      expect(health.status, cookie).toBe(200);
      const me = await raw('GET', '/v1/me', { cookie });
      expect(me.status, cookie).toBe(401);
      const admin = await raw('GET', '/admin/api/tenants', { cookie, authorization: `Bearer ${TEST_ADMIN_TOKEN}` });
      expect(admin.status, cookie).toBeLessThan(500);
      const tenant = await raw('GET', '/api/notifications', { cookie, authorization: `Bearer ${owner.apiKey}`, 'x-tenant-id': owner.tenantId });
      expect(tenant.status, cookie).toBe(200);
      const mcp = await raw('POST', '/mcp', { cookie, accept: 'application/json, text/event-stream' }, mcpInit);
      expect(mcp.status, cookie).toBeLessThan(500);
      for (const r of [health, me, admin, tenant, mcp]) expect(r.text).not.toMatch(STACK);
    }
  });
});

describe('request targets are paths only (fault 6)', () => {
  it('answers 404 to //host/… instead of routing the part after the fake host', async () => {
    const direct = await raw('GET', '/_local/outbox');
    expect(direct.status).toBe(200);
    for (const target of ['//x/_local/outbox', '//admin/api/tenants', '//x/v1/health', '//127.0.0.1/v1/health']) {
      const r = await raw('GET', target, { authorization: `Bearer ${TEST_ADMIN_TOKEN}` });
      expect(r.status, target).toBe(404);
    }
  });
});

describe('deep nesting over MCP (fault 5)', () => {
  const depth = 5000;
  const deep = '['.repeat(depth) + ']'.repeat(depth);

  it('answers the HTTP 400 body as a tool error, never -32603 with an internal message', async () => {
    const headers = { authorization: `Bearer ${owner.apiKey}`, 'x-tenant-id': owner.tenantId };
    const overHttp = await client(rt.url, { key: owner.apiKey }).call('POST', '/api/notifications/self-note', `{"title":"t","message":"m","x":${deep}}`, {
      'x-tenant-id': owner.tenantId,
    });
    expect(overHttp.status).toBe(400);
    const rpc = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"svc_notifications_self_note","arguments":{"tenant_id":"${owner.tenantId}","body":{"title":"t","message":"m","x":${deep}}}}}`;
    const r = await raw('POST', '/mcp', { ...headers, accept: 'application/json, text/event-stream' }, rpc);
    expect(r.status).toBe(200);
    const answer = JSON.parse(r.text);
    expect(answer.error, r.text.slice(0, 300)).toBeUndefined();
    expect(answer.result.isError).toBe(true);
    expect(answer.result._meta['svc/status']).toBe(400);
    const { _expert, ...body } = JSON.parse(answer.result.content[0].text);
    expect(body).toEqual(overHttp.body);
    expect(r.text).not.toMatch(/call stack|Maximum/i);
  });
});

describe("ids containing '#' (found by the registry fuzz run)", () => {
  it('are a 4xx, never a 500 from the key builder', async () => {
    const headers = { authorization: `Bearer ${owner.apiKey}`, 'x-tenant-id': owner.tenantId };
    for (const target of [
      '/api/company-lists/A%23B%23C/members',
      '/api/companies/custom-fields/p%23%24W/values',
      '/api/companies/a%23b',
      '/api/contacts/%23',
    ]) {
      const r = await raw('GET', target, headers);
      expect(r.status, target).toBeGreaterThanOrEqual(400);
      expect(r.status, target).toBeLessThan(500);
    }
  });
});

describe('JSON the store cannot keep (found by the 100,000-request fuzz run)', () => {
  it('a number out of DynamoDB range is a 400, an object over the item limit a 413; nothing is stored', async () => {
    const http = client(rt.url, { key: owner.apiKey });
    const before = (await http.get('/api/company-lists')).body.data.length;
    for (const filters of [1e300, [{ field: 'name', op: 'eq', value: -1e200 }], { x: 5e-324 }]) {
      const r = await http.post('/api/company-lists', { name: 'huge number', type: 'SMART', filters });
      expect(r.status, JSON.stringify(filters)).toBe(400);
      expect(r.body.message[0]).toMatch(/numbers must be/);
    }
    const big = await http.post('/api/company-lists', { name: 'too big', type: 'SMART', filters: [{ field: 'name', op: 'eq', value: 'x'.repeat(450_000) }] });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    expect((await http.get('/api/company-lists')).body.data.length).toBe(before);
  });
});
