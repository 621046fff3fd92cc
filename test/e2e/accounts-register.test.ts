import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/runtime.js';
import { getQuestionnaire, listQuestionnaires } from '../../shared/workspace/accounts-register/questionnaire.js';
import { activateRegisteredAccount } from '../../shared/workspace/accounts-register/register.js';
import { registerAccount, startAccountsRuntime, uniqueEmail } from './accounts-fixtures.js';
import { AccountEmail } from '../../shared/workspace/identity/entities.js';

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
beforeAll(async () => {
  env = await startAccountsRuntime();
});
afterAll(() => env?.stop());

const accountIdOf = async (email: string) => (await env.rt.deps.platform.get<{ accountId: string }>(AccountEmail.key({ email })))!.accountId;
const questionnaire = (token: string, extra: Record<string, unknown> = {}) => ({
  signup_token: token,
  companyName: 'Acme Widgets',
  useCase: 'Outreach to procurement managers of EU manufacturers',
  contactSource: 'Our own CRM and public company websites',
  b2bOnly: true,
  ...extra,
});

describe('state (none) → PENDING: POST /api/auth/register', () => {
  it('creates a PENDING account, emails a verification link and returns an inert svc_pk_ key', async () => {
    const email = uniqueEmail('good.test');
    const { res, verifyPath } = await registerAccount(env, email);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'PENDING', email });
    expect(res.body.api_key).toMatch(/^svc_pk_[0-9A-Za-z]{43}$/);
    expect(verifyPath).toMatch(/^\/api\/auth\/verify-email\?token=/);
    const key = client(env.rt.url, { key: res.body.api_key });
    const me = await key.get('/v1/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ flow: 'register', scope: 'pending', status: 'PENDING', email });
    // Inert: every /api/* call fails while PENDING.
    for (const path of ['/api/billing/balance', '/api/billing/ledger', '/api/tenants', '/api/legal/documents', '/api/legal/acceptances']) {
      const r = await key.get(path);
      expect(r.status, path).toBe(403);
      expect(r.body.code).toBe('registration_pending');
    }
    expect((await key.post('/api/legal/acceptances', { docKey: 'terms', context: 'signup' })).status).toBe(403);
    // ... and every MCP tool call fails the same way.
    const mcp = await key.post(
      '/mcp',
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'svc_billing_balance_get', arguments: {} } },
      { accept: 'application/json, text/event-stream' },
    );
    expect(mcp.status).toBe(200);
    expect(JSON.parse(mcp.body.result.content[0].text)).toMatchObject({ statusCode: 403, code: 'registration_pending' });
  });

  it('refuses bad bodies with message arrays and the password policy', async () => {
    const post = (body: unknown) => env.http.post('/api/auth/register', body, { 'x-forwarded-for': '203.0.113.7' });
    const extra = await post({ email: uniqueEmail('good.test'), password: 'Correct-Horse-9', firstName: 'A', nickname: 'x' });
    expect(extra.status).toBe(400);
    expect(extra.body).toMatchObject({ statusCode: 400, message: ['property nickname should not exist'] });
    const short = await post({ email: uniqueEmail('good.test'), password: 'short', firstName: 'A' });
    expect(short.status).toBe(400);
    expect(Array.isArray(short.body.message)).toBe(true);
    expect(short.body.message.join(' ')).toMatch(/password/);
    const common = await post({ email: uniqueEmail('good.test'), password: 'password123', firstName: 'A' });
    expect(common.body).toEqual({ statusCode: 400, message: 'Password is too common. Please choose a stronger one.' });
    const badEmail = await post({ email: 'not-an-email', password: 'Correct-Horse-9', firstName: 'A' });
    expect(badEmail.status).toBe(400);
    const missing = await post({ email: uniqueEmail('good.test'), password: 'Correct-Horse-9' });
    expect(missing.status).toBe(400);
    expect(missing.body.message.join(' ')).toMatch(/firstName/);
  });

  it('answers a registered address with the same 201, an inert unstored key, and mails the owner', async () => {
    const email = uniqueEmail('good.test');
    await registerAccount(env, email);
    const { res } = await registerAccount(env, email);
    expect(res.status).toBe(201);
    expect((await client(env.rt.url, { key: res.body.api_key }).get('/v1/me')).status).toBe(401);
    const mails = (await env.http.get(`/_local/outbox?to=${encodeURIComponent(email)}`)).body.data;
    expect(mails.some((m: { subject: string }) => m.subject === 'Someone tried to register with your address')).toBe(true);
  });
});

describe('PENDING → ACTIVE: verify-email passes the automatic checks', () => {
  it('provisions the tenant and the same key starts working', async () => {
    const email = uniqueEmail('good.test');
    const { res, verifyPath } = await registerAccount(env, email);
    const v = await env.http.get(verifyPath!);
    expect(v.status).toBe(302);
    expect(v.headers.get('location')).toBe(`${env.rt.url}/app/login?verified=1`);
    expect(v.body.status).toBe('ACTIVE');
    expect(v.body.checks).toMatchObject({ passed: true, reasons: [], businessMailbox: { passed: true }, mx: { passed: true, hosts: ['mx.good.test'] } });
    expect(v.body.checks.website).toMatchObject({ passed: true, status: 200 });
    expect(env.web.hits.some((h) => h.startsWith('good.test'))).toBe(true);
    const key = client(env.rt.url, { key: res.body.api_key });
    const me = await key.get('/v1/me');
    expect(me.body).toMatchObject({ scope: 'approved', status: 'ACTIVE', tenant_id: v.body.tenantId });
    const bal = await key.get('/api/billing/balance');
    expect(bal.status).toBe(200);
    expect(bal.body).toMatchObject({ tenantId: v.body.tenantId, balance: 0, currency: 'USD' });
    const tenants = await key.get('/api/tenants');
    expect(tenants.body.data).toEqual([expect.objectContaining({ tenantId: v.body.tenantId, name: 'Acme', role: 'SUPER', isDefault: true })]);
    // Opening the link again (mail scanners do) changes nothing.
    const again = await env.http.get(verifyPath!);
    expect(again.status).toBe(302);
    expect(again.body).toEqual({ status: 'ACTIVE', tenantId: v.body.tenantId });
  });

  it('refuses an unknown or expired token with 400', async () => {
    const r = await env.http.get('/api/auth/verify-email?token=nope');
    expect(r.status).toBe(400);
    expect(r.body.message).toEqual(['token is invalid or has expired']);
    expect((await env.http.get('/api/auth/verify-email')).status).toBe(400);
  });
});

describe('PENDING → PENDING: checks not passed, redirect carries signup_token', () => {
  for (const [domain, reason] of [
    ['gmail.com', 'free_mail_provider'],
    ['nomx.test', 'no_mx'],
    ['nosite.test', 'website_unreachable'],
    ['badmx.test', 'mx_does_not_resolve'],
  ] as const) {
    it(`${domain}: ${reason}`, async () => {
      const email = uniqueEmail(domain);
      const { res, verifyPath } = await registerAccount(env, email);
      const v = await env.http.get(verifyPath!);
      expect(v.status).toBe(302);
      const location = new URL(v.headers.get('location')!);
      expect(location.pathname).toBe('/app/signup-questionnaire');
      expect(location.searchParams.get('signup_token')).toBe(v.body.signup_token);
      expect(v.body.status).toBe('PENDING');
      expect(v.body.checks.passed).toBe(false);
      expect(v.body.checks.reasons).toContain(reason);
      const key = client(env.rt.url, { key: res.body.api_key });
      expect((await key.get('/v1/me')).body.status).toBe('PENDING');
      expect((await key.get('/api/billing/balance')).status).toBe(403);
    });
  }
});

describe('PENDING → PENDING: POST /api/auth/signup-questionnaire', () => {
  it('runs the checks at once, saves answers, emails the admin; a resubmission overwrites', async () => {
    const email = uniqueEmail('nomx.test');
    const { res, verifyPath } = await registerAccount(env, email);
    const token = (await env.http.get(verifyPath!)).body.signup_token;
    const first = await env.http.post(
      '/api/auth/signup-questionnaire',
      questionnaire(token, { website: 'http://nomx.test/', country: 'GB', targetCountries: ['US', 'GB'] }),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'PENDING', revision: 1 });
    expect(first.body.checks).toMatchObject({
      passed: false,
      reasons: ['no_mx'],
      website: { passed: true },
      websiteMatchesDomain: { passed: true, host: 'nomx.test' },
    });
    const admin = (await env.http.get(`/_local/outbox?to=${encodeURIComponent(env.rt.deps.config.platformAdminEmail)}`)).body.data;
    expect(admin.some((m: { subject: string }) => m.subject.includes(email))).toBe(true);

    const second = await env.http.post(
      '/api/auth/signup-questionnaire',
      questionnaire(token, { companyName: 'Acme Widgets Ltd', website: 'https://elsewhere.test/' }),
    );
    expect(second.body).toMatchObject({ status: 'PENDING', revision: 2 });
    expect(second.body.checks.reasons).toEqual(expect.arrayContaining(['no_mx', 'website_domain_mismatch']));
    const accountId = await accountIdOf(email);
    const q = await getQuestionnaire(env.rt.deps, accountId);
    expect(q).toMatchObject({
      accountId,
      email,
      status: 'PENDING',
      revision: 2,
      answers: { companyName: 'Acme Widgets Ltd', website: 'https://elsewhere.test/' },
    });
    expect((q.answers as { country?: string }).country).toBeUndefined(); // overwritten, not merged
    const listed = await listQuestionnaires(env.rt.deps, { limit: 100 });
    expect(listed.data.filter((x) => x.accountId === accountId)).toEqual([
      expect.objectContaining({ email, companyName: 'Acme Widgets Ltd', revision: 2, checksPassed: false }),
    ]);
    expect((await client(env.rt.url, { key: res.body.api_key }).get('/api/tenants')).status).toBe(403);
  });

  it('validates the dto strictly and requires a live signup_token', async () => {
    const noToken = await env.http.post('/api/auth/signup-questionnaire', { companyName: 'A', useCase: 'x', contactSource: 'y', b2bOnly: true });
    expect(noToken.status).toBe(400);
    expect(noToken.body.message.join(' ')).toMatch(/signup_token/);
    const extra = await env.http.post('/api/auth/signup-questionnaire', questionnaire('t', { foo: 1 }));
    expect(extra.body).toMatchObject({ statusCode: 400, message: ['property foo should not exist'] });
    const badCountry = await env.http.post('/api/auth/signup-questionnaire', questionnaire('t', { country: 'gb' }));
    expect(badCountry.status).toBe(400);
    const badToken = await env.http.post('/api/auth/signup-questionnaire', questionnaire('not-a-token'));
    expect(badToken.status).toBe(400);
    expect(badToken.body.message).toEqual(['signup_token is invalid or has expired']);
  });

  it('getQuestionnaire also answers by tenant id after approval, and 404 for unknown ids', async () => {
    const email = uniqueEmail('gmail.com');
    const { verifyPath } = await registerAccount(env, email);
    const token = (await env.http.get(verifyPath!)).body.signup_token;
    await env.http.post('/api/auth/signup-questionnaire', questionnaire(token));
    const accountId = await accountIdOf(email);
    const { tenantId } = await activateRegisteredAccount(env.rt.deps, accountId);
    const byTenant = await getQuestionnaire(env.rt.deps, tenantId);
    expect(byTenant).toMatchObject({ accountId, tenantId, status: 'ACTIVE', revision: 1 });
    await expect(getQuestionnaire(env.rt.deps, 'nobody')).rejects.toMatchObject({ status: 404 });
    // Questionnaire after activation: 409.
    const late = await env.http.post('/api/auth/signup-questionnaire', questionnaire(token));
    expect(late.status).toBe(409);
  });
});

describe('PENDING → ACTIVE: manual admin approval (domain function used by the admin API)', () => {
  it('activateRegisteredAccount provisions the tenant and the key works', async () => {
    const email = uniqueEmail('gmail.com');
    const { res, verifyPath } = await registerAccount(env, email);
    await env.http.get(verifyPath!);
    const key = client(env.rt.url, { key: res.body.api_key });
    expect((await key.get('/api/billing/balance')).status).toBe(403);
    const [a, b] = await Promise.all([
      activateRegisteredAccount(env.rt.deps, await accountIdOf(email)),
      activateRegisteredAccount(env.rt.deps, await accountIdOf(email)),
    ]);
    expect(a.tenantId).toBe(b.tenantId);
    expect((await key.get('/api/billing/balance')).body).toMatchObject({ tenantId: a.tenantId, balance: 0 });
  });
});
