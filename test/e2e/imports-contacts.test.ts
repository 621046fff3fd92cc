import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestRuntime } from '../support/runtime.js';
import { otherTenantClient, startTenantRuntime } from '../support/accounts.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let api: ReturnType<typeof client>;
let other: ReturnType<typeof client>;

beforeAll(async () => {
  ({ rt, http: api } = await startTenantRuntime());
  other = await otherTenantClient(rt);
  expect((await api.post('/api/contacts/custom-fields', { slug: 'score', label: 'Score', fieldType: 'number' })).status).toBe(201);
});
afterAll(() => rt?.stop());

const mapping = { Mail: 'email', First: 'c:firstName', Phone: 'phone', Score: 'cf:score' };
const all = async () => (await api.get('/api/contacts?pageSize=100')).body.data as any[];

describe('contact import', () => {
  it('preview writes nothing', async () => {
    const r = await api.post('/api/contacts/import/preview', { rows: [{ Mail: 'a@prev.com', First: 'A' }, { Mail: 'A@PREV.com' }, { Mail: 'bad' }], mapping });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ preview: true, created: 1, skipped: 1, contactsCreated: 1 });
    expect(r.body.errors).toEqual([{ index: 2, reason: expect.stringContaining('email') }]);
    expect(await all()).toEqual([]);
  });

  it('creates contacts with channels, custom fields, source and list; bad rows do not stop the others', async () => {
    const co = await api.post('/api/companies', { name: 'Imp Co' });
    const r = await api.post('/api/contacts/import/start', {
      rows: [
        { Mail: 'one@imp.com', First: 'One', Score: '3', Phone: '+1 415 555 0199' },
        { Mail: 'two@imp.com', Score: 'abc' },
        { First: 'NoMail' },
        { Mail: 'three@imp.com' },
        {},
      ],
      mapping,
      options: { companyId: co.body.id, newListName: 'Imported', sourceUrl: 'https://fair.example/exhibitors' },
    });
    expect(r.body).toMatchObject({ created: 3, contactsCreated: 3, cfValuesSet: 1 });
    expect(r.body.errors.map((e: any) => e.index)).toEqual([1, 4]);
    const one = (await api.get(`/api/contacts/${r.body.createdIds[0]}`)).body;
    expect(one).toMatchObject({
      email: 'one@imp.com',
      phone: '+14155550199',
      customFields: { score: 3 },
      companyId: co.body.id,
      source: { kind: 'import', sourceUrl: 'https://fair.example/exhibitors', importId: r.body.importId },
    });
    expect((await api.get(`/api/contact-lists/${r.body.listId}/contacts`)).body.data).toHaveLength(3);
    const filtered = await api.get(`/api/contacts?filters=${encodeURIComponent(JSON.stringify([{ field: 'cf_score', operator: 'gte', value: 3 }]))}`);
    expect(filtered.body.data.map((c: any) => c.id)).toEqual([one.id]);
  });

  it('duplicates by email: skip, update (merges custom fields), create (duplicateOf)', async () => {
    const skip = await api.post('/api/contacts/import/start', { rows: [{ Mail: 'ONE@imp.com', First: 'Changed' }], mapping });
    expect(skip.body).toMatchObject({ created: 0, skipped: 1 });
    const up = await api.post('/api/contacts/import/start', {
      rows: [{ Mail: 'one@imp.com', First: 'Uno', Score: '9' }],
      mapping,
      options: { duplicateHandling: 'update' },
    });
    expect(up.body).toMatchObject({ created: 0, updated: 1, cfValuesSet: 1 });
    const one = (await api.get('/api/contacts?email=one@imp.com')).body.data;
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ firstName: 'Uno', customFields: { score: 9 } });
    const create = await api.post('/api/contacts/import/start', {
      rows: [{ Mail: 'one@imp.com', First: 'Clone' }, { Mail: 'new@imp.com' }, { Mail: 'NEW@imp.com' }],
      mapping,
      options: { duplicateHandling: 'create' },
    });
    expect(create.body).toMatchObject({ created: 3 });
    const clone = (await api.get(`/api/contacts/${create.body.createdIds[0]}`)).body;
    expect(clone.channels[0].duplicateOf).toBe(one[0].id);
    const third = (await api.get(`/api/contacts/${create.body.createdIds[2]}`)).body;
    expect(third.channels[0].duplicateOf).toBe(create.body.createdIds[1]);
  });

  it('refuses bad mappings; cross-tenant ids are 404', async () => {
    expect((await api.post('/api/contacts/import/start', { rows: [{ a: 1 }], mapping: { a: 'cf:nope' } })).body.code).toBe('unknown_custom_field');
    expect((await api.post('/api/contacts/import/start', { rows: [{ a: 1 }], mapping: { a: 'name' } })).status).toBe(400);
    expect((await api.post('/api/contacts/import/start', { rows: [{ a: 1 }], mapping: { a: 'email' }, unknown: true })).body.message).toEqual([
      'property unknown should not exist',
    ]);
    const list = await api.post('/api/contact-lists', { name: 'Mine' });
    const co = await api.post('/api/companies', { name: 'Mine Co' });
    for (const op of ['preview', 'start']) {
      expect(
        (await other.post(`/api/contacts/import/${op}`, { rows: [{ a: 'x@y.com' }], mapping: { a: 'email' }, options: { listId: list.body.id } })).status,
      ).toBe(404);
      expect(
        (await other.post(`/api/contacts/import/${op}`, { rows: [{ a: 'x@y.com' }], mapping: { a: 'email' }, options: { companyId: co.body.id } })).status,
      ).toBe(404);
    }
  });
});
