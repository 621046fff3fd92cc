import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestRuntime } from '../support/runtime.js';
import { otherTenantClient, startTenantRuntime } from '../support/accounts.js';
import { findContactsByEmail } from '../../shared/crm/contacts/contacts.js';
import { listContactIds } from '../../shared/crm/contact-lists/lists.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let api: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let tenantId: string;

beforeAll(async () => {
  ({
    rt,
    http: api,
    account: { tenantId },
  } = await startTenantRuntime());
  other = await otherTenantClient(rt);
});
afterAll(() => rt?.stop());

describe('contacts', () => {
  it('creates with normalised channels and a recorded source; strict bodies', async () => {
    const r = await api.post('/api/contacts', {
      firstName: 'Ann',
      email: ' Ann@Acme.COM ',
      phone: '8 (912) 345-67-89',
      source: { kind: 'crawl', sourceUrl: 'https://acme.com/team' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      firstName: 'Ann',
      email: 'ann@acme.com',
      phone: '+79123456789',
      source: { kind: 'crawl', sourceUrl: 'https://acme.com/team' },
    });
    expect(r.body.channels.every((c: any) => c.duplicateOf === undefined)).toBe(true);
    const bad = await api.post('/api/contacts', { firstName: 'X', nickname: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(['property nickname should not exist']);
    expect((await api.post('/api/contacts', { email: 'not-an-email' })).status).toBe(400);
    expect((await api.post('/api/contacts', { source: { kind: 'bought' } })).status).toBe(400);
    expect((await api.post('/api/contacts', { companyId: 'nope' })).status).toBe(404);
    expect((await api.patch(`/api/contacts/${r.body.id}`, { email: 'x@y.com' })).status).toBe(400);
  });

  it('flags duplicateOf on channels, never on companies', async () => {
    const first = await api.post('/api/contacts', { firstName: 'Dup1', email: 'dup@acme.com' });
    const second = await api.post('/api/contacts', { firstName: 'Dup2', email: 'DUP@acme.com' });
    expect(second.status).toBe(201);
    expect(second.body.channels[0]).toMatchObject({ type: 'email', value: 'dup@acme.com', duplicateOf: first.body.id });
    const ch = await api.post(`/api/contacts/${first.body.id}/channels`, { type: 'phone', value: '+1 415 555 0100' });
    expect(ch.status).toBe(201);
    expect(ch.body).toMatchObject({ type: 'phone', value: '+14155550100' });
    expect(ch.body.duplicateOf).toBeUndefined();
    const ch2 = await api.post(`/api/contacts/${second.body.id}/channels`, { type: 'phone', value: '(415) 555-0100'.replace('(', '+1 (') });
    expect(ch2.body.duplicateOf).toBe(first.body.id);
    expect((await api.post(`/api/contacts/${first.body.id}/channels`, { type: 'fax', value: '1' })).status).toBe(400);
    expect((await api.post(`/api/contacts/${first.body.id}/channels`, { type: 'email', value: 'x@y.com', primary: true })).status).toBe(400);
    const c1 = await api.post('/api/companies', { name: 'Same Co', domain: 'same.com', phone: '+14155550100' });
    const c2 = await api.post('/api/companies', { name: 'Same Co', domain: 'same.com', phone: '+14155550100' });
    expect(c2.status).toBe(201);
    expect(JSON.stringify([c1.body, c2.body])).not.toContain('duplicateOf');
    const got = await api.get(`/api/companies/${c2.body.id}`);
    expect(got.body.duplicateOf).toBeUndefined();
  });

  it('one marker owner under concurrency: exactly one holder is not a duplicate', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => api.post('/api/contacts', { firstName: `Race${i}`, email: 'race@acme.com' })));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const owners = results.filter((r) => !r.body.channels[0].duplicateOf);
    expect(owners).toHaveLength(1);
    for (const r of results) if (r !== owners[0]) expect(r.body.channels[0].duplicateOf).toBe(owners[0].body.id);
    const found = await findContactsByEmail(rt.deps.tenantTable(tenantId), 'RACE@acme.com');
    expect(found.map((c) => c.id).sort()).toEqual(results.map((r) => r.body.id).sort());
    expect(found[0].id).toBe(owners[0].body.id);
    expect(found[0].source.kind).toBe('manual');
    // deleting the owner hands the marker to the oldest remaining holder and re-points the others
    expect((await api.delete(`/api/contacts/${owners[0].body.id}`)).status).toBe(200);
    const rest = await findContactsByEmail(rt.deps.tenantTable(tenantId), 'race@acme.com');
    expect(rest).toHaveLength(5);
    const heir = rest[0];
    expect(heir.channels[0].duplicateOf).toBeUndefined();
    for (const c of rest.slice(1)) expect(c.channels[0].duplicateOf).toBe(heir.id);
    const late = await api.post('/api/contacts', { firstName: 'Late', email: 'race@acme.com' });
    expect(late.body.channels[0].duplicateOf).toBe(heir.id);
  });

  it('get, update (company link, custom fields), delete', async () => {
    const co = await api.post('/api/companies', { name: 'Linked Co' });
    expect((await api.post('/api/contacts/custom-fields', { slug: 'score', label: 'Score', fieldType: 'number' })).status).toBe(201);
    const c = await api.post('/api/contacts', { firstName: 'Lin', email: 'lin@linked.com', companyId: co.body.id, customFields: { score: 5 } });
    expect(c.body.customFields).toEqual({ score: 5 });
    const u = await api.patch(`/api/contacts/${c.body.id}`, { position: 'CTO', customFields: { score: 7 } });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ position: 'CTO', customFields: { score: 7 }, companyId: co.body.id });
    expect((await api.patch(`/api/contacts/${c.body.id}`, { customFields: { nope: 1 } })).body.code).toBe('unknown_custom_field');
    expect((await api.patch(`/api/contacts/${c.body.id}`, { customFields: { score: 'high' } })).status).toBe(400);
    const byCompany = await api.get(`/api/contacts?companyId=${co.body.id}`);
    expect(byCompany.body.data.map((x: any) => x.id)).toEqual([c.body.id]);
    const companies = await api.get(
      `/api/companies?filters=${encodeURIComponent(JSON.stringify([{ field: 'contacts', operator: 'contains', value: 'lin@linked' }]))}`,
    );
    expect(companies.body.data.map((x: any) => x.id)).toEqual([co.body.id]);
    expect((await api.delete(`/api/contacts/${c.body.id}`)).status).toBe(200);
    expect((await api.get(`/api/contacts/${c.body.id}`)).status).toBe(404);
    expect((await api.get(`/api/contacts?companyId=${co.body.id}`)).body.data).toEqual([]);
    expect((await api.delete(`/api/contacts/${c.body.id}`)).status).toBe(404);
  });

  it('list: named parameters, cf_ filters only, cursors', async () => {
    await api.post('/api/contacts/custom-fields', { slug: 'tier', label: 'Tier', fieldType: 'text' });
    const a = await api.post('/api/contacts', { firstName: 'Filt', lastName: 'Gold', email: 'gold@filter.com', customFields: { tier: 'gold' } });
    await api.post('/api/contacts', { firstName: 'Filt', lastName: 'Silver', email: 'silver@filter.com', customFields: { tier: 'silver' } });
    const f = (rules: unknown) => api.get(`/api/contacts?filters=${encodeURIComponent(JSON.stringify(rules))}&pageSize=100`);
    const gold = await f([{ field: 'cf_tier', operator: 'equals', value: 'GOLD' }]);
    expect(gold.status).toBe(200);
    expect(gold.body.data.map((x: any) => x.id)).toEqual([a.body.id]);
    const single = await f({ field: 'cf_tier', operator: 'contains', value: 'old' });
    expect(single.body.data.map((x: any) => x.id)).toEqual([a.body.id]);
    const unknown = await f([{ field: 'firstName', operator: 'equals', value: 'Filt' }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'unknown_filter_field' });
    expect(unknown.body.available).toEqual(expect.arrayContaining(['cf_tier', 'cf_score']));
    expect(unknown.body.available.every((x: string) => x.startsWith('cf_'))).toBe(true);
    expect((await f([{ field: 'cf_nope', operator: 'equals', value: 1 }])).body.code).toBe('unknown_filter_field');
    expect((await f([{ field: 'cf_tier', operator: 'gt', value: 1 }])).body.code).toBe('malformed_filter');
    expect((await f([{ field: 'cf_score', operator: 'gt', value: 'x' }])).body.code).toBe('malformed_filter');
    expect((await api.get('/api/contacts?filters=%7Bnot-json')).body.code).toBe('malformed_filter');
    expect((await api.get('/api/contacts?sort=name')).status).toBe(400);
    expect((await api.get('/api/contacts?email=GOLD@filter.com')).body.data.map((x: any) => x.id)).toEqual([a.body.id]);
    expect((await api.get('/api/contacts?q=silver')).body.data).toHaveLength(1);
    const seen = new Set<string>();
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) {
      const page: any = await api.get(`/api/contacts?pageSize=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.body.data.length).toBeLessThanOrEqual(3);
      for (const x of page.body.data) seen.add(x.id);
      cursor = page.body.nextCursor;
      if (!cursor) break;
    }
    expect(seen.size).toBeGreaterThanOrEqual(10);
    expect((await api.get('/api/contacts?cursor=garbage')).status).toBe(400);
  });

  it('bulk: per-item results, bounded batch', async () => {
    const x = await api.post('/api/contacts', { firstName: 'Bulk1' });
    const y = await api.post('/api/contacts', { firstName: 'Bulk2' });
    const up = await api.post('/api/contacts/bulk', { action: 'update', ids: [x.body.id, 'missing', y.body.id], patch: { position: 'Buyer' } });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ total: 3, succeeded: 2, failed: 1 });
    expect(up.body.results).toEqual([
      { id: x.body.id, ok: true },
      { id: 'missing', ok: false, error: expect.objectContaining({ status: 404 }) },
      { id: y.body.id, ok: true },
    ]);
    expect((await api.get(`/api/contacts/${y.body.id}`)).body.position).toBe('Buyer');
    const badCf = await api.post('/api/contacts/bulk', { action: 'update', ids: [x.body.id], patch: { customFields: { score: 'x' } } });
    expect(badCf.body.results[0]).toMatchObject({ ok: false, error: { status: 400 } });
    const del = await api.post('/api/contacts/bulk', { action: 'delete', ids: [x.body.id, 'missing'] });
    expect(del.body.results).toEqual([{ id: x.body.id, ok: true }, expect.objectContaining({ id: 'missing', ok: false })]);
    expect((await api.post('/api/contacts/bulk', { action: 'delete', ids: Array.from({ length: 101 }, (_, i) => `id${i}`) })).status).toBe(400);
    expect((await api.post('/api/contacts/bulk', { action: 'update', ids: [y.body.id] })).status).toBe(400);
    expect((await api.post('/api/contacts/bulk', { action: 'merge', ids: [y.body.id] })).status).toBe(400);
  });

  it('contact lists: STATIC only, SMART is explicitly UNSUPPORTED', async () => {
    const smart = await api.post('/api/contact-lists', { name: 'Smart', type: 'SMART', filters: [{ field: 'cf_tier', operator: 'equals', value: 'gold' }] });
    expect(smart.status).toBe(422);
    expect(smart.body).toMatchObject({ status: 'UNSUPPORTED' });
    const list = await api.post('/api/contact-lists', { name: 'Static' });
    expect(list.status).toBe(201);
    expect(list.body.type).toBe('STATIC');
    const m1 = await api.post('/api/contacts', { firstName: 'M1' });
    const m2 = await api.post('/api/contacts', { firstName: 'M2' });
    const add = await api.post(`/api/contact-lists/${list.body.id}/contacts`, { contactIds: [m1.body.id, m2.body.id, 'ghost'] });
    expect(add.body).toMatchObject({ added: 2, alreadyMembers: 0, notFound: ['ghost'] });
    expect((await api.post(`/api/contact-lists/${list.body.id}/contacts`, { contactIds: [m1.body.id] })).body).toMatchObject({ added: 0, alreadyMembers: 1 });
    const members = await api.get(`/api/contact-lists/${list.body.id}/contacts`);
    expect(members.body.data.map((c: any) => c.id)).toEqual([m1.body.id, m2.body.id]);
    expect((await api.get(`/api/contacts?listId=${list.body.id}`)).body.data).toHaveLength(2);
    expect(await listContactIds(rt.deps.tenantTable(tenantId), list.body.id)).toEqual([m1.body.id, m2.body.id]);
    await api.delete(`/api/contacts/${m1.body.id}`);
    expect((await api.get(`/api/contact-lists/${list.body.id}`)).body.memberCount).toBe(1);
    const companyLists = await api.get('/api/company-lists');
    expect(companyLists.body.data.map((l: any) => l.id)).not.toContain(list.body.id);
    expect((await api.get('/api/contact-lists')).body.data.map((l: any) => l.id)).toContain(list.body.id);
  });

  it('contact lists: renamed, members removed (counted once), a contact lists its lists, deleted with its memberships', async () => {
    const list = (await api.post('/api/contact-lists', { name: 'Fair' })).body;
    const other = (await api.post('/api/contact-lists', { name: 'Other' })).body;
    const a = (await api.post('/api/contacts', { firstName: 'La' })).body;
    const b = (await api.post('/api/contacts', { firstName: 'Lb' })).body;
    await api.post(`/api/contact-lists/${list.id}/contacts`, { contactIds: [a.id, b.id] });
    await api.post(`/api/contact-lists/${other.id}/contacts`, { contactIds: [a.id] });

    const renamed = await api.patch(`/api/contact-lists/${list.id}`, { name: 'Fair 2026' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: list.id, name: 'Fair 2026', memberCount: 2 });
    expect((await api.patch(`/api/contact-lists/${list.id}`, { name: ' ' })).status).toBe(400);
    expect((await api.patch('/api/contact-lists/ghost', { name: 'X' })).status).toBe(404);

    const lists = await api.get(`/api/contacts/${a.id}/lists`);
    expect(lists.status).toBe(200);
    expect(lists.body.data.map((l: any) => l.name).sort()).toEqual(['Fair 2026', 'Other']);
    expect((await api.get('/api/contacts/ghost/lists')).status).toBe(404);

    const removed = await api.post(`/api/contact-lists/${list.id}/contacts/remove`, { contactIds: [a.id, a.id, 'ghost'] });
    expect(removed.body).toEqual({ listId: list.id, removed: 1, notMembers: ['ghost'] });
    // Again: not a member any more, and the count does not move twice.
    expect((await api.post(`/api/contact-lists/${list.id}/contacts/remove`, { contactIds: [a.id] })).body).toMatchObject({ removed: 0, notMembers: [a.id] });
    expect((await api.get(`/api/contact-lists/${list.id}`)).body.memberCount).toBe(1);
    expect((await api.get(`/api/contact-lists/${list.id}/contacts`)).body.data.map((c: any) => c.id)).toEqual([b.id]);
    expect((await api.get(`/api/contacts/${a.id}`)).status).toBe(200); // the contact stays
    expect((await api.post(`/api/contact-lists/${list.id}/contacts/remove`, { contactIds: [] })).status).toBe(400);

    const del = await api.delete(`/api/contact-lists/${list.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: list.id, deleted: true, membersRemoved: 1 });
    expect((await api.get(`/api/contact-lists/${list.id}`)).status).toBe(404);
    expect((await api.delete(`/api/contact-lists/${list.id}`)).status).toBe(404);
    expect((await rt.deps.tenantTable(tenantId).query({ pk: `CTLIST#${list.id}`, skBeginsWith: 'MEMBER#' })).items).toEqual([]);
    expect((await api.get(`/api/contacts/${b.id}`)).status).toBe(200);
    expect((await api.get(`/api/contacts/${b.id}/lists`)).body.data).toEqual([]);
    expect((await api.get(`/api/contacts/${a.id}/lists`)).body.data.map((l: any) => l.name)).toEqual(['Other']);
  });

  it("another tenant's ids are 404 for every contacts operation", async () => {
    const c = await api.post('/api/contacts', { firstName: 'Mine', email: 'mine@tenant-a.com' });
    const list = await api.post('/api/contact-lists', { name: 'Mine' });
    const co = await api.post('/api/companies', { name: 'Mine Co' });
    const id = c.body.id;
    expect((await other.get(`/api/contacts/${id}`)).status).toBe(404);
    expect((await other.patch(`/api/contacts/${id}`, { firstName: 'X' })).status).toBe(404);
    expect((await other.delete(`/api/contacts/${id}`)).status).toBe(404);
    expect((await other.post(`/api/contacts/${id}/channels`, { type: 'email', value: 'z@z.com' })).status).toBe(404);
    expect((await other.post('/api/contacts/bulk', { action: 'delete', ids: [id] })).body.results[0]).toMatchObject({ ok: false, error: { status: 404 } });
    expect((await other.get(`/api/contact-lists/${list.body.id}`)).status).toBe(404);
    expect((await other.get(`/api/contact-lists/${list.body.id}/contacts`)).status).toBe(404);
    expect((await other.post(`/api/contact-lists/${list.body.id}/contacts`, { contactIds: [id] })).status).toBe(404);
    expect((await other.patch(`/api/contact-lists/${list.body.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await other.post(`/api/contact-lists/${list.body.id}/contacts/remove`, { contactIds: [id] })).status).toBe(404);
    expect((await other.delete(`/api/contact-lists/${list.body.id}`)).status).toBe(404);
    expect((await other.get(`/api/contacts/${id}/lists`)).status).toBe(404);
    expect((await other.get(`/api/contacts?listId=${list.body.id}`)).status).toBe(404);
    expect((await other.get(`/api/contacts?companyId=${co.body.id}`)).status).toBe(404);
    expect((await other.post('/api/contacts', { firstName: 'X', companyId: co.body.id })).status).toBe(404);
    expect((await other.get('/api/contacts?email=mine@tenant-a.com')).body.data).toEqual([]);
    const theirs = await other.post('/api/contacts', { firstName: 'Theirs', email: 'mine@tenant-a.com' });
    expect(theirs.body.channels[0].duplicateOf).toBeUndefined();
    expect((await api.get(`/api/contacts/${id}`)).body.firstName).toBe('Mine');
  });
});
