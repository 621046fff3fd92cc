import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/runtime.js';
import { PASSWORD, registerAccount, startAccountsRuntime, uniqueEmail } from './accounts-fixtures.js';

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let activeEmail: string;
let activeKey: string;
let pendingEmail: string;

beforeAll(async () => {
  env = await startAccountsRuntime();
  activeEmail = uniqueEmail('good.test');
  const a = await registerAccount(env, activeEmail);
  activeKey = a.res.body.api_key;
  await env.http.get(a.verifyPath!);
  pendingEmail = uniqueEmail('gmail.com');
  await registerAccount(env, pendingEmail);
});
afterAll(() => env?.stop());

const cookieOf = (setCookie: string | null) => /svc_session=([^;]*)/.exec(setCookie ?? '')?.[1];
const login = (email: string, password: string, ip = '192.0.2.10') => env.http.post('/api/auth/login', { email, password }, { 'x-forwarded-for': ip });

describe('POST /api/auth/login', () => {
  it('sets an HttpOnly SameSite session cookie and returns a small profile', async () => {
    const r = await login(activeEmail.toUpperCase(), PASSWORD);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ email: activeEmail, firstName: 'Ada', lastName: 'Lovelace', status: 'ACTIVE' });
    expect(r.body.tenantId).toBeTruthy();
    expect(r.body.passwordHash).toBeUndefined();
    const set = r.headers.get('set-cookie')!;
    expect(set).toMatch(/^svc_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
  });

  it('the cookie reaches the same handler as the bearer key', async () => {
    const r = await login(activeEmail, PASSWORD);
    const session = client(env.rt.url, { headers: { cookie: `svc_session=${cookieOf(r.headers.get('set-cookie'))}` } });
    const viaCookie = await session.get('/api/billing/balance');
    const viaKey = await client(env.rt.url, { key: activeKey }).get('/api/billing/balance');
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.body).toEqual(viaKey.body);
    expect((await session.get('/api/tenants')).body).toEqual((await client(env.rt.url, { key: activeKey }).get('/api/tenants')).body);
  });

  it('every bad credential is the one 401 body', async () => {
    for (const [email, password] of [
      [activeEmail, 'Wrong-Password-123'],
      ['nobody@good.test', PASSWORD],
      [activeEmail, 'x'],
    ]) {
      const r = await login(email, password, '192.0.2.11');
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ statusCode: 401, message: 'Invalid credentials' });
      expect(r.headers.get('set-cookie')).toBeNull();
    }
    const bogus = await client(env.rt.url, { headers: { cookie: 'svc_session=forged' } }).get('/api/billing/balance');
    expect(bogus.body).toEqual({ statusCode: 401, message: 'Invalid credentials' });
  });

  it('refuses malformed bodies with 400', async () => {
    const r = await env.http.post('/api/auth/login', { email: activeEmail, password: PASSWORD, remember: true });
    expect(r.body).toMatchObject({ statusCode: 400, message: ['property remember should not exist'] });
    expect((await env.http.post('/api/auth/login', { email: activeEmail })).status).toBe(400);
  });

  it('limits attempts per address and email (429 after 10)', async () => {
    // A day later the account's own failure counter (issue 16) has forgotten the earlier tests' failures.
    expect((await env.http.post('/_local/clock', { advanceMs: 25 * 3_600_000 })).status).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await login(activeEmail, 'Wrong-Password-123', '192.0.2.12')).status);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
    // Ten failures also start the account's own growing delay (issue 16): the owner gets in after it.
    expect((await env.http.post('/_local/clock', { advanceMs: 60_000 })).status).toBe(200);
    expect((await login(activeEmail, PASSWORD, '192.0.2.13')).status).toBe(200);
  });

  it('a PENDING account may log in but its session reaches no /api/* route', async () => {
    const r = await login(pendingEmail, PASSWORD);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('PENDING');
    expect(r.body.tenantId).toBeNull();
    const session = client(env.rt.url, { headers: { cookie: `svc_session=${cookieOf(r.headers.get('set-cookie'))}` } });
    expect((await session.get('/v1/me')).body.status).toBe('PENDING');
    for (const path of ['/api/billing/balance', '/api/tenants', '/api/legal/documents']) expect((await session.get(path)).status).toBe(403);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session and clears the cookie; always 204', async () => {
    const r = await login(activeEmail, PASSWORD, '192.0.2.14');
    const cookie = `svc_session=${cookieOf(r.headers.get('set-cookie'))}`;
    const session = client(env.rt.url, { headers: { cookie } });
    expect((await session.get('/api/billing/balance')).status).toBe(200);
    const out = await session.post('/api/auth/logout');
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^svc_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    expect((await session.get('/api/billing/balance')).status).toBe(401);
    expect((await env.http.post('/api/auth/logout')).status).toBe(204);
    // API keys are untouched by logout.
    expect((await client(env.rt.url, { key: activeKey }).get('/api/billing/balance')).status).toBe(200);
  });
});
