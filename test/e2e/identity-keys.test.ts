import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, freshAddress } from '../support/runtime.js';
import { createApprovedAccount } from '../support/accounts.js';
import { mcpClients } from '../support/mcp-client.js';
import { startAccountsRuntime } from './accounts-fixtures.js';

/** More API keys for an account's agents (scopes ⊆ the creator's, shown once, last use, revocation on HTTP and MCP). */
let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let owner: Awaited<ReturnType<typeof createApprovedAccount>>;
const mcp = mcpClients(() => env.rt.url);

beforeAll(async () => {
  env = await startAccountsRuntime();
  owner = await createApprovedAccount(env.rt.deps);
});
afterAll(async () => {
  await mcp.closeAll();
  await env?.stop();
});

const as = (key: string) => client(env.rt.url, { key, headers: { 'x-tenant-id': owner.tenantId } });

describe('keys_create / keys_list / keys_revoke', () => {
  it('creates a narrower key, shown once, stored only as a hash, listed with its last use', async () => {
    const created = await as(owner.apiKey).post('/api/keys', { name: 'reader agent', scopes: ['crm:read'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'reader agent', scopes: ['crm:read'], status: 'ACTIVE', lastUsedAt: null });
    expect(created.body.key).toMatch(/^svc_pk_[0-9A-Za-z]{43}$/);
    expect(created.body.keyHint).toBe(`…${created.body.key.slice(-4)}`);

    const reader = as(created.body.key);
    expect((await reader.get('/api/companies')).status).toBe(200);
    const write = await reader.post('/api/companies', { name: 'Nope Ltd' });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ code: 'insufficient_scope', requiredScope: 'crm:write' });

    const list = await as(owner.apiKey).get('/api/keys');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
    const row = list.body.data.find((k: { id: string }) => k.id === created.body.id);
    expect(row).toMatchObject({ name: 'reader agent', scopes: ['crm:read'], createdBy: expect.any(String) });
    expect(row.lastUsedAt).not.toBeNull();
    expect(list.body.data.some((k: { scopes: string[] }) => k.scopes.includes('*'))).toBe(true);
  });

  it('never grants wider scopes than the creator holds', async () => {
    const narrow = (await as(owner.apiKey).post('/api/keys', { name: 'delegator', scopes: ['crm:read', 'keys:write'] })).body.key;
    const ok = await as(narrow).post('/api/keys', { name: 'sub', scopes: ['crm:read'] });
    expect(ok.status).toBe(201);
    for (const scopes of [['crm:write'], ['*'], ['crm:read', 'tasks:write']]) {
      const r = await as(narrow).post('/api/keys', { name: 'wider', scopes });
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('scope_not_grantable');
    }
    const noKeysWrite = (await as(owner.apiKey).post('/api/keys', { name: 'plain', scopes: ['crm:read'] })).body.key;
    const denied = await as(noKeysWrite).post('/api/keys', { name: 'x', scopes: ['crm:read'] });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 'insufficient_scope', requiredScope: 'keys:write' });
    const wider = await as(narrow).delete(`/api/keys/${(await as(owner.apiKey).get('/api/keys')).body.data[0].id}`);
    expect(wider.status).toBe(403);
  });

  it('refuses bad input with the 400 message array and changes nothing', async () => {
    const before = (await as(owner.apiKey).get('/api/keys')).body.data.length;
    const cases: [unknown, RegExp][] = [
      [{ name: 'x', scopes: ['crm:everything'] }, /unknown scope crm:everything/],
      [{ name: '', scopes: ['crm:read'] }, /name/],
      [{ name: 'x', scopes: [] }, /scopes/],
      [{ name: 'x', scopes: ['crm:read'], extra: 1 }, /property extra should not exist/],
    ];
    for (const [body, message] of cases) {
      const r = await as(owner.apiKey).post('/api/keys', body);
      expect(r.status).toBe(400);
      expect(Array.isArray(r.body.message)).toBe(true);
      expect(r.body.message.join(' ')).toMatch(message);
    }
    expect((await as(owner.apiKey).get('/api/keys')).body.data.length).toBe(before);
  });

  it('revocation holds at once over HTTP and MCP; another account cannot see or revoke the key', async () => {
    const created = (await as(owner.apiKey).post('/api/keys', { name: 'mcp agent', scopes: ['crm:read'] })).body;
    const tools = await mcp.connect({ authorization: `Bearer ${created.key}` });
    const before = await tools.callTool({ name: 'svc_companies_list', arguments: { tenant_id: owner.tenantId } });
    expect(before.isError).toBeFalsy();

    const stranger = await createApprovedAccount(env.rt.deps);
    const foreign = await client(env.rt.url, { key: stranger.apiKey }).delete(`/api/keys/${created.id}`);
    expect(foreign.status).toBe(404);
    expect((await client(env.rt.url, { key: stranger.apiKey }).get('/api/keys')).body.data.map((k: { id: string }) => k.id)).not.toContain(created.id);

    const revoked = await as(owner.apiKey).delete(`/api/keys/${created.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: created.id, status: 'REVOKED' });
    expect((await as(created.key).get('/api/companies')).body).toEqual({ statusCode: 401, message: 'Invalid credentials' });
    const after = await tools.callTool({ name: 'svc_companies_list', arguments: { tenant_id: owner.tenantId } }).catch((e: Error) => ({ isError: true, e }));
    expect(after.isError).toBe(true);
    expect((await as(owner.apiKey).delete(`/api/keys/${created.id}`)).body.status).toBe('REVOKED');
  });

  it('a retry with the same Idempotency-Key returns the same key instead of minting another', async () => {
    const headers = { 'idempotency-key': `keys-${Date.now()}` };
    const first = await as(owner.apiKey).post('/api/keys', { name: 'retry', scopes: ['crm:read'] }, headers);
    const second = await as(owner.apiKey).post('/api/keys', { name: 'retry', scopes: ['crm:read'] }, headers);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
  });
});

describe('set-password links', () => {
  const outbox = async (to: string) =>
    (await env.http.get(`/_local/outbox?to=${encodeURIComponent(to)}`)).body.data as { subject: string; links: Record<string, string> }[];
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

  it('a key-first owner with no password gets a link by mail (never to the caller) and signs in with it', async () => {
    const agentMade = await createApprovedAccount(env.rt.deps);
    const r = await client(env.rt.url, { key: agentMade.apiKey }).post('/v1/me/password-link');
    expect(r.status).toBe(202);
    expect(JSON.stringify(r.body)).not.toMatch(/token=/);
    expect(r.body.sentTo).toMatch(/^o…@example\.com$/);
    const [mail] = await outbox(agentMade.email);
    expect(mail.subject).toBe('Set a password for your workspace');
    const token = tokenOf(mail.links.setPassword);
    expect(mail.links.setPassword).toContain('/app/set-password?token=');

    const weak = await env.http.post('/api/auth/password-reset/confirm', { token, password: 'password123' });
    expect(weak.status).toBe(400);
    const set = await env.http.post('/api/auth/password-reset/confirm', { token, password: 'A-much-better-passphrase-7' });
    expect(set.status).toBe(200);
    expect(set.headers.get('set-cookie')).toMatch(/^svc_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax/);
    const again = await env.http.post('/api/auth/password-reset/confirm', { token, password: 'A-much-better-passphrase-8' });
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('link_used');
    const login = await env.http.post(
      '/api/auth/login',
      { email: agentMade.email, password: 'A-much-better-passphrase-7' },
      { 'x-forwarded-for': freshAddress() },
    );
    expect(login.status).toBe(200);
  });

  it('forgotten password: the same answer for unknown addresses, a link for known ones, throttled like login, links expire', async () => {
    const known = await createApprovedAccount(env.rt.deps);
    const ip = freshAddress();
    const unknown = await env.http.post('/api/auth/password-reset', { email: 'nobody-here@example.com' }, { 'x-forwarded-for': ip });
    const real = await env.http.post('/api/auth/password-reset', { email: known.email.toUpperCase() }, { 'x-forwarded-for': ip });
    expect(unknown.status).toBe(202);
    expect(real.status).toBe(202);
    expect(real.body).toEqual(unknown.body);
    expect(await outbox('nobody-here@example.com')).toEqual([]);
    const [mail] = await outbox(known.email);
    expect(mail.links.setPassword).toBeTruthy();

    await env.http.post('/_local/clock', { advanceMs: 3_600_001 }, { authorization: `Bearer ${known.apiKey}` });
    const expired = await env.http.post('/api/auth/password-reset/confirm', { token: tokenOf(mail.links.setPassword), password: 'A-much-better-passphrase-7' });
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe('link_expired');
    expect((await env.http.post('/api/auth/password-reset/confirm', { token: 'x'.repeat(43), password: 'A-much-better-passphrase-7' })).status).toBe(404);

    const throttledIp = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await env.http.post('/api/auth/password-reset', { email: known.email }, { 'x-forwarded-for': throttledIp })).status);
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await outbox(known.email)).length).toBeLessThanOrEqual(5 + 1);
  });
});
