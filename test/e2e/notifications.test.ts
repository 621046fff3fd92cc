import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKey, createApprovedAccount } from '../support/accounts.js';
import { client, startTestRuntime } from '../support/runtime.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let owner: Awaited<ReturnType<typeof createApprovedAccount>>;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  rt = await startTestRuntime();
  owner = await createApprovedAccount(rt.deps);
  http = client(rt.url, { key: owner.apiKey });
});
afterAll(() => rt?.stop());

describe('notifications', () => {
  it('stores self-notes and lists them newest first with cursor pages', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await http.post('/api/notifications/self-note', { title: `Note ${i}`, message: `Message ${i}` });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ kind: 'self_note', title: `Note ${i}`, message: `Message ${i}`, createdBy: { channel: 'http' } });
      ids.push(r.body.id);
    }
    const first = await http.get('/api/notifications?pageSize=2');
    expect(first.body.data.map((n: any) => n.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await http.get(`/api/notifications?pageSize=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body.data.map((n: any) => n.id)).toEqual([ids[0]]);
    expect(second.body.nextCursor).toBeNull();
    expect((await http.get(`/api/notifications/${ids[1]}`)).body.title).toBe('Note 1');
  });

  it('validates with the spec bodies and keeps tenants apart', async () => {
    expect((await http.post('/api/notifications/self-note', { title: 'x', message: 'y', level: 1 })).body).toEqual({
      statusCode: 400,
      message: ['property level should not exist'],
      error: 'Bad Request',
    });
    expect((await http.post('/api/notifications/self-note', { title: 'x' })).status).toBe(400);
    expect((await http.get('/api/notifications?cursor=bm90LWEtY3Vyc29y')).body).toMatchObject({ statusCode: 400, message: ['cursor is not valid'] });
    const other = await createApprovedAccount(rt.deps);
    const note = (await http.post('/api/notifications/self-note', { title: 'mine', message: 'only mine' })).body;
    const theirs = client(rt.url, { key: other.apiKey });
    expect((await theirs.get(`/api/notifications/${note.id}`)).status).toBe(404);
    expect((await theirs.get('/api/notifications')).body.data).toEqual([]);
    expect((await theirs.get('/api/notifications', { 'x-tenant-id': owner.tenantId })).status).toBe(404);
  });

  it('needs workspace:write to write and workspace:read to read', async () => {
    const reader = client(rt.url, { key: await addKey(rt.deps, owner.accountId, ['workspace:read']) });
    expect((await reader.get('/api/notifications')).status).toBe(200);
    expect((await reader.post('/api/notifications/self-note', { title: 'a', message: 'b' })).body).toMatchObject({
      statusCode: 403,
      code: 'insufficient_scope',
      requiredScope: 'workspace:write',
    });
  });
});
