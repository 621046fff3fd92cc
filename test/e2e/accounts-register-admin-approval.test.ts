import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/runtime.js';
import { TEST_ADMIN_TOKEN } from '../support/runtime.js';
import { questionnaireAccount, startAccountsRuntime } from './accounts-fixtures.js';

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
beforeAll(async () => {
  env = await startAccountsRuntime();
});
afterAll(() => env?.stop());

describe('Account table: PENDING → manual admin approval → ACTIVE, through the admin API', () => {
  it('lists the questionnaire of a free-mail registration and approves it; the same key then works', async () => {
    const { email, apiKey, accountId } = await questionnaireAccount(env);
    const admin = client(env.rt.url, { key: TEST_ADMIN_TOKEN });
    const list = await admin.get('/admin/api/questionnaires');
    expect(list.body.data.find((x: { accountId: string }) => x.accountId === accountId)).toMatchObject({
      email,
      checksPassed: false,
      accountStatus: 'PENDING',
    });

    const key = client(env.rt.url, { key: apiKey });
    expect((await key.get('/api/billing/balance')).status).toBe(403);
    const approved = await admin.post(`/admin/api/registrations/${accountId}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: accountId, scope: 'approved' });
    expect((await key.get('/api/billing/balance')).body).toMatchObject({ tenantId: approved.body.tenantId });
    expect((await key.get('/v1/me')).body).toMatchObject({ status: 'ACTIVE', scope: 'approved' });
    const after = await admin.get('/admin/api/questionnaires');
    expect(after.body.data.find((x: { accountId: string }) => x.accountId === accountId)).toMatchObject({ accountStatus: 'ACTIVE' });
    // Approving again answers the same tenant.
    expect((await admin.post(`/admin/api/registrations/${accountId}/approve`, {})).body.tenantId).toBe(approved.body.tenantId);
  });

  it('is not reachable without the admin credential', async () => {
    const r = await env.http.get('/admin/api/questionnaires');
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ statusCode: 401, message: 'Invalid credentials' });
  });
});
