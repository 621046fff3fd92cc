import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherTenantClient, startTenantRuntime, type createApprovedAccount } from '../support/accounts.js';
import { client, type startTestRuntime } from '../support/runtime.js';

/**
 * Issue 16 fault 4: paging cursors are signed (HMAC, key derived from SECRETS_KEY) and bound to the
 * tenant, the partition and the query. A decoded, edited and re-encoded cursor (`sk: ""` gave a
 * DynamoDB ValidationException, a 500), an unsigned one, or one from another tenant or list is the
 * 400 `cursor is not valid` before the store sees it.
 */
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let owner: Awaited<ReturnType<typeof createApprovedAccount>>;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  ({ rt, account: owner } = await startTenantRuntime());
  api = client(rt.url, { key: owner.apiKey, headers: { 'x-tenant-id': owner.tenantId } });
  for (let i = 0; i < 3; i++) {
    expect((await api.post('/api/contact-lists', { name: `List ${i}` })).status).toBe(201);
    expect((await api.post('/api/companies', { name: `Company ${i}` })).status).toBe(201);
    expect((await api.post('/api/notifications/self-note', { title: `n${i}`, message: 'm' })).status).toBeLessThan(300);
  }
});
afterAll(() => rt?.stop());

/** Every way of editing a cursor the fault report and a forger would try. */
function tampered(cursor: string): string[] {
  const [payload, mac = ''] = cursor.split('.');
  const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const emptied = Object.fromEntries(Object.keys(value).map((k) => [k, k === 'pk' || k.endsWith('pk') ? value[k] : '']));
  return [
    `${enc({ ...value, sk: '' })}.${mac}`, // the report's edit, signature kept
    enc({ ...value, sk: '' }), // unsigned, as cursors used to be
    enc(value), // the genuine key without its signature
    `${enc(emptied)}.${mac}`,
    `${payload}.${mac.slice(0, -2)}AA`,
    `${payload}x.${mac}`,
    `${payload}.`,
    `.${mac}`,
  ];
}

const lists = ['/api/contact-lists', '/api/companies', '/api/notifications'];

describe('signed paging cursors', () => {
  it.each(lists)('%s: a genuine cursor pages on; every edited one is the 400 before the store', async (path) => {
    const first = await api.get(`${path}?pageSize=1`);
    expect(first.status).toBe(200);
    const cursor = first.body.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await api.get(`${path}?pageSize=1&cursor=${encodeURIComponent(cursor)}`);
    expect(second.status).toBe(200);
    expect(second.body.data[0]).not.toEqual(first.body.data[0]);
    for (const forged of tampered(cursor)) {
      const r = await api.get(`${path}?pageSize=1&cursor=${encodeURIComponent(forged)}`);
      expect(r.status, `${path} ${forged}`).toBe(400);
      expect(r.body.statusCode).toBe(400);
      expect(JSON.stringify(r.body.message)).toMatch(/cursor is not valid/);
    }
  });

  it("refuses another tenant's cursor and a cursor of another list", async () => {
    const other = await otherTenantClient(rt);
    expect((await other.post('/api/contact-lists', { name: 'Theirs' })).status).toBe(201);
    expect((await other.post('/api/contact-lists', { name: 'Theirs 2' })).status).toBe(201);
    const otherCursor = (await other.get('/api/contact-lists?pageSize=1')).body.nextCursor as string;
    expect(otherCursor).toEqual(expect.any(String));
    const transplanted = await api.get(`/api/contact-lists?pageSize=1&cursor=${encodeURIComponent(otherCursor)}`);
    expect(transplanted.status).toBe(400);
    const notificationsCursor = (await api.get('/api/notifications?pageSize=1')).body.nextCursor as string;
    const crossed = await api.get(`/api/contact-lists?pageSize=1&cursor=${encodeURIComponent(notificationsCursor)}`);
    expect(crossed.status).toBe(400);
  });
});
