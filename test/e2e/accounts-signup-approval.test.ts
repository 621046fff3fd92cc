// The Registration state table of the spec, row by row, over HTTP against the embedded runtime
// (DynamoDB Local, the local workflow runner, the local outbox). Time moves with POST /_local/clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, freshAddress, startTestRuntime, TEST_ADMIN_TOKEN } from '../support/runtime.js';
import { mailedLink, open, registrationAwaitingApproval, signupFull, until } from '../support/signup-flow.js';
import { tableNames } from '../../shared/platform/data/schema.js';
import { Account, AccountEmail } from '../../shared/workspace/identity/entities.js';

process.env.LIMIT_V1_RATE = 'off';
process.env.LOCAL_WORKFLOW_TICK_MS = '200';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let http: ReturnType<typeof client>;
let admin: ReturnType<typeof client>;
const HOUR = 3_600_000;

beforeAll(async () => {
  rt = await startTestRuntime({ env: { TRUST_PROXY: 'true' } });
  http = client(rt.url);
  admin = client(rt.url, { key: TEST_ADMIN_TOKEN });
});
afterAll(() => rt?.stop());

const me = (key: string) => http.get('/v1/me', { authorization: `Bearer ${key}` });
const advance = async (ms: number) => expect((await http.post('/_local/clock', { advanceMs: ms })).status).toBe(200);
const pendingIds = async () => (await admin.get('/admin/api/registrations?state=awaiting_admin_approval')).body.data as { id: string; email: string }[];
const idOf = async (email: string) => (await pendingIds()).find((r) => r.email === email)?.id;
const gone = (key: string) => until(async () => (await me(key)).status === 401, { timeoutMs: 15_000 });

describe('full-account registration (spec: States and transitions / Registration)', () => {
  it('(none) → awaiting_email_confirm: the key works only for GET /v1/me, which reports the state', async () => {
    const { key, email } = await signupFull(http, freshAddress());
    const r = await me(key);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ flow: 'full_account', email, scope: 'pending', state: 'awaiting_email_confirm' });
    const api = await http.get('/api/billing/balance', { authorization: `Bearer ${key}` });
    expect(api.status).toBe(403);
    const v1 = await http.post('/v1/messages', { to: 'x@example.com', subject: 's', text: 't' }, { authorization: `Bearer ${key}` });
    expect(v1.status).toBe(403);
  });

  it('confirm → accept terms → admin approves: tenant provisioned, same key reaches /api/*', async () => {
    const { key, email } = await signupFull(http, freshAddress());
    const confirm = await open(http, await mailedLink(http, email, 'confirm'));
    expect(confirm.status).toBe(200);
    expect(confirm.body.state).toBe('awaiting_agreement');
    expect((await me(key)).body.state).toBe('awaiting_agreement');

    const accept = await open(http, await mailedLink(http, email, 'acceptTerms'));
    expect(accept.status).toBe(200);
    expect(accept.body).toMatchObject({ state: 'awaiting_admin_approval', acceptance: { docKey: 'terms', context: 'signup' } });
    const terms = await http.get('/v1/signup/terms');
    expect(terms.status).toBe(200);
    expect(accept.body.acceptance.version).toBe(terms.body.version);
    expect((await me(key)).body).toMatchObject({ scope: 'pending', state: 'awaiting_admin_approval' });

    const listed = (await pendingIds()).find((r) => r.email === email);
    expect(listed).toMatchObject({ email, state: 'awaiting_admin_approval' });
    const approved = await admin.post(`/admin/api/registrations/${listed!.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ state: 'approved', scope: 'approved' });

    const after = await me(key);
    expect(after.body).toMatchObject({ scope: 'approved', state: 'approved', status: 'ACTIVE', tenant_id: approved.body.tenantId });
    const balance = await http.get('/api/billing/balance', { authorization: `Bearer ${key}` });
    expect(balance.status).toBe(200);
    // The dedicated data table exists and the terms acceptance is now indexed under the tenant.
    const table = rt.deps.tenantTable(approved.body.tenantId);
    expect(table.tableName).toBe(tableNames(rt.prefix).tenant(approved.body.tenantId));
    await expect(table.query({ pk: 'none' })).resolves.toMatchObject({ items: [] });
    const acceptances = await rt.deps.platform.query({ index: 'gsi1', pk: `TENANT#${approved.body.tenantId}#ACCEPTANCES` });
    expect(acceptances.items).toMatchObject([{ docKey: 'terms', context: 'signup' }]);
    expect(await mailedLink(http, email, 'confirm')).toBeTruthy();
    // Approving twice answers the same; the list no longer shows it as pending.
    expect((await admin.post(`/admin/api/registrations/${listed!.id}/approve`, {})).body.tenantId).toBe(approved.body.tenantId);
    expect(await idOf(email)).toBeUndefined();
    const approvedList = await admin.get('/admin/api/registrations?state=approved');
    expect(approvedList.body.data.map((r: { email: string }) => r.email)).toContain(email);
  });

  it('admin rejects: waitlist entry and key deleted, no User or Tenant', async () => {
    const { key, email } = await registrationAwaitingApproval(http, freshAddress());
    const id = await idOf(email);
    const r = await admin.post(`/admin/api/registrations/${id}/reject`, {});
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ state: 'rejected', deleted: true });
    expect((await me(key)).body).toEqual({ statusCode: 401, message: 'Invalid credentials' });
    expect(await idOf(email)).toBeUndefined();
    expect(await rt.deps.platform.get(Account.key({ accountId: id! }))).toBeUndefined();
    expect(await rt.deps.platform.get(AccountEmail.key({ email }))).toBeUndefined();
    const mails = (await http.get(`/_local/outbox?to=${email}`)).body.data;
    expect(mails[0].subject).toMatch(/not approved/);
    expect((await admin.post(`/admin/api/registrations/${id}/reject`, {})).status).toBe(404);
  });

  it('links are single use; unknown and malformed tokens are clear errors, never 5xx', async () => {
    const { email } = await signupFull(http, freshAddress());
    const link = await mailedLink(http, email, 'confirm');
    expect((await open(http, link)).status).toBe(200);
    const again = await open(http, link);
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('link_used');
    const unknown = await http.get('/v1/signup/confirm?token=not-a-real-token');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('link_invalid');
    const missing = await http.get('/v1/signup/confirm');
    expect(missing.status).toBe(400);
    expect(Array.isArray(missing.body.message)).toBe(true);
    // A confirm token is not a terms token.
    const wrongKind = await http.get(`/v1/signup/accept-terms?token=${new URL(link).searchParams.get('token')}`);
    expect(wrongKind.status).toBe(404);
    const page = await open(http, link, { accept: 'text/html' });
    expect(page.status).toBe(410);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('already used');
  });

  it('admin API: 401 without credentials, 404 for a non-admin key, admin by SVC_ADMIN_EMAILS', async () => {
    expect((await http.get('/admin/api/registrations')).body).toEqual({ statusCode: 401, message: 'Invalid credentials' });
    expect((await http.get('/admin/api/registrations', { authorization: 'Bearer wrong' })).status).toBe(401);
    const { key, email } = await registrationAwaitingApproval(http, freshAddress());
    expect((await http.get('/admin/api/registrations', { authorization: `Bearer ${key}` })).status).toBe(404);
    await admin.post(`/admin/api/registrations/${await idOf(email)}/approve`, {});
    expect((await http.get('/admin/api/tenants', { authorization: `Bearer ${key}` })).status).toBe(404);
    expect((await admin.get('/admin/api/registrations?state=bogus')).status).toBe(400);
    // An address listed in SVC_ADMIN_EMAILS becomes a platform admin on approval; its own key then works.
    const boss = await registrationAwaitingApproval(http, freshAddress());
    rt.deps.config.adminEmails.push(boss.email);
    await admin.post(`/admin/api/registrations/${await idOf(boss.email)}/approve`, {});
    expect((await http.get('/admin/api/tenants', { authorization: `Bearer ${boss.key}` })).status).toBe(200);
    // The bootstrap admin token reaches only the admin API.
    expect((await admin.get('/api/billing/balance')).status).toBe(403);
  });

  it('admin tenants: list with balance, credit, questionnaire', async () => {
    const { email } = await registrationAwaitingApproval(http, freshAddress());
    const approved = await admin.post(`/admin/api/registrations/${await idOf(email)}/approve`, {});
    const tenantId = approved.body.tenantId;
    const list = await admin.get('/admin/api/tenants');
    expect(list.status).toBe(200);
    expect(list.body.data.find((t: { id: string }) => t.id === tenantId)).toMatchObject({ id: tenantId, name: 'Acme Ltd', balance: 0 });
    const credit = await admin.post(`/admin/api/tenants/${tenantId}/credit`, { amount: 25.5, note: 'welcome credit' });
    expect(credit.status).toBe(200);
    expect(credit.body.balance_after).toBe(25.5);
    const list2 = await admin.get('/admin/api/tenants');
    expect(list2.body.data.find((t: { id: string }) => t.id === tenantId).balance).toBe(25.5);
    expect((await admin.post(`/admin/api/tenants/${tenantId}/credit`, { amount: -1, note: 'x' })).status).toBe(400);
    expect((await admin.post(`/admin/api/tenants/${tenantId}/credit`, { amount: 1, note: 'x', extra: 1 })).body.message).toEqual([
      'property extra should not exist',
    ]);
    expect((await admin.post('/admin/api/tenants/nope/credit', { amount: 1, note: 'x' })).status).toBe(404);
    const q = await admin.get(`/admin/api/tenants/${tenantId}/questionnaire`);
    expect(q.status).toBe(200);
    expect(q.body).toMatchObject({ tenantId, email, answers: null });
    expect((await admin.get('/admin/api/tenants/unknown-tenant/questionnaire')).status).toBe(404);
  });
});

// These move the runtime's clock forward, so they run last and each checks its own registrations.
describe('expiry (clock moved over HTTP)', () => {
  it('a confirmation link older than 24 h is refused as expired (JSON and HTML)', async () => {
    const { email } = await signupFull(http, freshAddress());
    const link = await mailedLink(http, email, 'confirm');
    await advance(24 * HOUR + 60_000);
    const r = await open(http, link);
    expect(r.status).toBe(410);
    expect(r.body).toMatchObject({ statusCode: 410, code: 'link_expired' });
    const page = await open(http, link, { accept: 'text/html' });
    expect(page.status).toBe(410);
    expect(page.text).toContain('This link has expired');
  });

  it('awaiting_email_confirm inactive for more than 24 h is deleted (not before)', async () => {
    const { key } = await signupFull(http, freshAddress());
    await advance(23 * HOUR);
    await new Promise((r) => setTimeout(r, 600));
    expect((await me(key)).status).toBe(200);
    await advance(HOUR + 60_000);
    await gone(key);
  });

  it('awaiting_agreement inactive for more than 24 h is deleted; its terms link then says expired', async () => {
    const { key, email } = await signupFull(http, freshAddress());
    await advance(20 * HOUR);
    expect((await open(http, await mailedLink(http, email, 'confirm'))).status).toBe(200);
    const terms = await mailedLink(http, email, 'acceptTerms');
    // 20 h + 20 h since signup, but only 20 h in awaiting_agreement: still alive.
    await advance(20 * HOUR);
    await new Promise((r) => setTimeout(r, 600));
    expect((await me(key)).body.state).toBe('awaiting_agreement');
    await advance(4 * HOUR + 60_000);
    await gone(key);
    expect((await open(http, terms)).body.code).toBe('link_expired');
  });

  it('awaiting_admin_approval is kept past 24 h and deleted after 7 days', async () => {
    const { key, email } = await registrationAwaitingApproval(http, freshAddress());
    await advance(6 * 24 * HOUR);
    await new Promise((r) => setTimeout(r, 600));
    expect((await me(key)).body.state).toBe('awaiting_admin_approval');
    expect(await idOf(email)).toBeTruthy();
    await advance(24 * HOUR + 60_000);
    await gone(key);
    expect(await idOf(email)).toBeUndefined();
    // The address is free again: a new signup starts a new registration.
    const again = await signupFull(http, freshAddress(), email);
    expect((await me(again.key)).body.state).toBe('awaiting_email_confirm');
  });
});
