import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKey, createApprovedAccount } from '../support/accounts.js';
import { client, startTestRuntime } from '../support/runtime.js';
import { charge, credit } from '../../shared/workspace/billing/billing.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.stop());

const NOT_FOUND_TENANT = { statusCode: 404, message: 'Tenant not found', error: 'Not Found' };

describe('balance and ledger operations', () => {
  it('a new tenant starts at 0 with an empty ledger', async () => {
    const a = await createApprovedAccount(rt.deps);
    const http = client(rt.url, { key: a.apiKey });
    const bal = await http.get('/api/billing/balance');
    expect(bal.status).toBe(200);
    expect(bal.body).toMatchObject({ tenantId: a.tenantId, balance: 0, currency: 'USD', topUpUrl: `${rt.url}/console/billing?tenant=${a.tenantId}` });
    expect((await http.get('/api/billing/ledger')).body).toEqual({ data: [], nextCursor: null });
  });

  it('credit and charges show in balance and ledger, newest first, in cursor pages', async () => {
    const a = await createApprovedAccount(rt.deps);
    const c = await credit(rt.deps, a.tenantId, 1.5, 'Welcome credit', 'admin@svc.local');
    expect(c).toMatchObject({ tenantId: a.tenantId, type: 'credit', amount: 1.5, balance_after: 1.5, note: 'Welcome credit', actor: 'admin@svc.local' });
    const b1 = await charge(rt.deps, a.tenantId, 'platform_render', 3, { refId: 'campaign-1' });
    expect(b1).toEqual({ operation: 'platform_render', cost: 0.012, currency: 'USD', balance_after: 1.488 });
    const b2 = await charge(rt.deps, a.tenantId, 'audit');
    expect(b2).toEqual({ operation: 'audit', cost: 0.002, currency: 'USD', balance_after: 1.486 });
    const http = client(rt.url, { key: a.apiKey });
    expect((await http.get('/api/billing/balance')).body.balance).toBe(1.486);
    const p1 = await http.get('/api/billing/ledger?pageSize=2');
    expect(p1.body.data.map((e: { operation: string }) => e.operation)).toEqual(['audit', 'platform_render']);
    expect(p1.body.data[1]).toMatchObject({ type: 'charge', quantity: 3, amount: -0.012, balanceAfter: 1.488, refId: 'campaign-1', seq: 2 });
    expect(p1.body.nextCursor).toBeTruthy();
    const p2 = await http.get(`/api/billing/ledger?pageSize=2&cursor=${p1.body.nextCursor}`);
    expect(p2.body.data).toEqual([expect.objectContaining({ type: 'credit', amount: 1.5, seq: 1 })]);
    const end = p2.body.nextCursor ? await http.get(`/api/billing/ledger?pageSize=2&cursor=${p2.body.nextCursor}`) : { body: { data: [], nextCursor: null } };
    expect(end.body).toEqual({ data: [], nextCursor: null });
  });

  it('refuses bad queries and foreign cursors with 400', async () => {
    const a = await createApprovedAccount(rt.deps);
    const b = await createApprovedAccount(rt.deps);
    await credit(rt.deps, b.tenantId, 1, 'x', 'admin');
    await credit(rt.deps, b.tenantId, 1, 'y', 'admin');
    const foreign = (await client(rt.url, { key: b.apiKey }).get('/api/billing/ledger?pageSize=1')).body.nextCursor;
    const http = client(rt.url, { key: a.apiKey });
    for (const q of [`cursor=${foreign}`, 'cursor=garbage', 'limit=0', 'limit=101', 'foo=1']) {
      const r = await http.get(`/api/billing/ledger?${q}`);
      expect(r.status, q).toBe(400);
      expect(Array.isArray(r.body.message)).toBe(true);
    }
  });
});

describe('tenant isolation and scopes', () => {
  it('a tenant the caller does not belong to answers exactly like a nonexistent one', async () => {
    const a = await createApprovedAccount(rt.deps);
    const b = await createApprovedAccount(rt.deps);
    const http = client(rt.url, { key: a.apiKey });
    for (const path of ['/api/billing/balance', '/api/billing/ledger']) {
      const foreign = await http.get(path, { 'x-tenant-id': b.tenantId });
      const missing = await http.get(path, { 'x-tenant-id': 'doesnotexist000' });
      expect(foreign.status, path).toBe(404);
      expect(foreign.body).toEqual(NOT_FOUND_TENANT);
      expect(missing.body).toEqual(foreign.body);
    }
  });

  it('a key without workspace:read gets 403 insufficient_scope', async () => {
    const a = await createApprovedAccount(rt.deps);
    const narrow = client(rt.url, { key: await addKey(rt.deps, a.accountId, ['crm:read']) });
    for (const path of ['/api/billing/balance', '/api/billing/ledger']) {
      const r = await narrow.get(path);
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ code: 'insufficient_scope', requiredScope: 'workspace:read' });
    }
    const ok = client(rt.url, { key: await addKey(rt.deps, a.accountId, ['workspace:read']) });
    expect((await ok.get('/api/billing/balance')).status).toBe(200);
  });

  it('no top-up API exists for tenants', async () => {
    const a = await createApprovedAccount(rt.deps);
    const http = client(rt.url, { key: a.apiKey });
    for (const path of ['/api/billing/topup', '/api/billing/credit', '/api/billing/balance']) expect((await http.post(path, { amount: 10 })).status).toBe(404);
  });
});
