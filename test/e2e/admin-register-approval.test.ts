import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/runtime.js';
import { TEST_ADMIN_TOKEN } from '../support/runtime.js';
import { registerAccount, startAccountsRuntime, uniqueEmail } from './accounts-fixtures.js';
import { AccountEmail } from '../../shared/identity/entities.js';

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
beforeAll(async () => {
  env = await startAccountsRuntime();
});
afterAll(() => env?.stop());

describe('Account table: PENDING → manual admin approval → ACTIVE, through the admin API', () => {
  it('lists the questionnaire of a free-mail registration and approves it; the same key then works', async () => {
    const email = uniqueEmail('gmail.com');
    const { res, verifyPath } = await registerAccount(env, email);
    const verified = await env.http.get(verifyPath!);
    expect(verified.status).toBe(302);
    const token = new URL(verified.headers.get('location')!, env.rt.url).searchParams.get('signup_token');
    const q = await env.http.post('/api/auth/signup-questionnaire', {
      signup_token: token,
      companyName: 'Acme Widgets',
      useCase: 'Outreach to procurement managers',
      contactSource: 'Company websites',
      b2bOnly: true,
    });
    expect(q.status).toBeLessThan(300);

    const admin = client(env.rt.url, { key: TEST_ADMIN_TOKEN });
    const list = await admin.get('/admin/api/questionnaires');
    const accountId = (await env.rt.deps.platform.get<{ accountId: string }>(AccountEmail.key({ email })))!.accountId;
    expect(list.body.data.find((x: { accountId: string }) => x.accountId === accountId)).toMatchObject({ email, checksPassed: false });

    const key = client(env.rt.url, { key: res.body.api_key });
    expect((await key.get('/api/billing/balance')).status).toBe(403);
    const approved = await admin.post(`/admin/api/registrations/${accountId}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: accountId, scope: 'approved' });
    expect((await key.get('/api/billing/balance')).body).toMatchObject({ tenantId: approved.body.tenantId });
    expect((await key.get('/v1/me')).body).toMatchObject({ status: 'ACTIVE', scope: 'approved' });
    // Approving again answers the same tenant.
    expect((await admin.post(`/admin/api/registrations/${accountId}/approve`, {})).body.tenantId).toBe(approved.body.tenantId);
  });

  it('is not reachable without the admin credential', async () => {
    const r = await env.http.get('/admin/api/questionnaires');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ statusCode: 401, message: 'Invalid credentials' });
  });
});
