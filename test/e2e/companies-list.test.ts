import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestRuntime } from '../support/runtime.js';
import { createApprovedAccount } from '../support/accounts.js';
import { parseSort, queryCompanies } from '../../shared/crm/companies/list.js';
import { compileCompanyFilters } from '../../shared/crm/companies/list.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let http: ReturnType<typeof client>;
let tenantId: string;
const ids: Record<string, string> = {};

const TEXT_FIELDS = ['name', 'domain', 'industry', 'city', 'country', 'size', 'phone', 'website', 'description', 'source', 'address'];
const list = (q: Record<string, unknown>) => {
  const params = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return http.get(`/api/companies?${params}`);
};
const names = (r: { body: { data: { name: string }[] } }) => r.body.data.map((c) => c.name).sort();

/** Every page of a query, following nextCursor (bounded). */
async function all(q: Record<string, unknown>, pageSize = 7) {
  const seen: { id: string; name: string }[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const r = await list({ ...q, pageSize: String(pageSize), ...(cursor ? { cursor } : {}) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.length).toBeLessThanOrEqual(pageSize);
    seen.push(...r.body.data);
    cursor = r.body.nextCursor ?? undefined;
    if (!cursor) return seen;
  }
  throw new Error('too many pages');
}

beforeAll(async () => {
  rt = await startTestRuntime();
  const acc = await createApprovedAccount(rt.deps);
  tenantId = acc.tenantId;
  http = client(rt.url, { key: acc.apiKey, headers: { 'x-tenant-id': acc.tenantId } });
  for (const [slug, fieldType] of [
    ['revenue', 'number'],
    ['tier', 'text'],
    ['renewal', 'date'],
  ]) {
    expect((await http.post('/api/companies/custom-fields', { slug, label: slug, fieldType })).status).toBe(201);
  }
  // "Alpha" fills every text field with the marker value; "Beta" leaves them all empty.
  const full = Object.fromEntries(TEXT_FIELDS.map((f) => [f, f === 'name' ? 'Alpha Marker' : `${f}-Marker-Value`]));
  ids.alpha = (
    await http.post('/api/companies', { ...full, domain: 'alpha-marker.com', customFields: { revenue: 1500, tier: 'Gold', renewal: '2030-01-01' } })
  ).body.id;
  ids.beta = (await http.post('/api/companies', { name: 'Beta', customFields: { revenue: -20.5 } })).body.id;
  ids.gamma = (await http.post('/api/companies', { name: 'gamma', customFields: { revenue: 0 } })).body.id;
  ids.delta = (await http.post('/api/companies', { name: 'Delta', customFields: { revenue: 1500 } })).body.id;
  expect((await http.post('/_local/clock', { advanceMs: 86_400_000 })).status).toBe(200);
  ids.epsilon = (await http.post('/api/companies', { name: 'Epsilon', city: 'Paris', customFields: { revenue: 1e9 } })).body.id;
  await http.patch(`/api/companies/${ids.beta}`, { city: 'Lyon' });
  const contact = await http.post('/api/contacts', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@alpha-marker.com', companyId: ids.alpha });
  expect(contact.status, JSON.stringify(contact.body)).toBe(201);
  const contact2 = await http.post('/api/contacts', { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.example', companyId: ids.gamma });
  expect(contact2.status, JSON.stringify(contact2.body)).toBe(201);
});
afterAll(() => rt?.stop());

describe('GET /api/companies filters', () => {
  it.each(TEXT_FIELDS)('%s: contains, equals, isEmpty', async (field) => {
    const value = field === 'name' ? 'Alpha Marker' : field === 'domain' ? 'alpha-marker.com' : `${field}-Marker-Value`;
    const contains = await list({ filters: [{ field, operator: 'contains', value: 'marker' }] });
    expect(contains.status).toBe(200);
    expect(names(contains)).toEqual(['Alpha Marker']);
    const equals = await list({ filters: [{ field, operator: 'equals', value: value.toUpperCase() }] });
    expect(names(equals)).toEqual(['Alpha Marker']);
    const partial = await list({ filters: [{ field, operator: 'equals', value: 'marker' }] });
    expect(names(partial)).toEqual([]);
    const empty = await list({ filters: [{ field, operator: 'isEmpty', value: true }] });
    const notEmpty = await list({ filters: [{ field, operator: 'isEmpty', value: false }] });
    if (field === 'name') {
      expect(names(empty)).toEqual([]);
    } else if (field === 'city') {
      expect(names(empty)).toEqual(['Delta', 'gamma']);
      expect(names(notEmpty)).toEqual(['Alpha Marker', 'Beta', 'Epsilon']);
    } else {
      expect(names(empty)).toEqual(['Beta', 'Delta', 'Epsilon', 'gamma']);
      expect(names(notEmpty)).toEqual(['Alpha Marker']);
    }
  });

  it('createdAt and updatedAt: before, after', async () => {
    const cut = new Date(rt.deps.clock.now() - 43_200_000).toISOString();
    expect(names(await list({ filters: [{ field: 'createdAt', operator: 'before', value: cut }] }))).toEqual(['Alpha Marker', 'Beta', 'Delta', 'gamma']);
    expect(names(await list({ filters: [{ field: 'createdAt', operator: 'after', value: cut }] }))).toEqual(['Epsilon']);
    expect(names(await list({ filters: [{ field: 'updatedAt', operator: 'after', value: cut }] }))).toEqual(['Beta', 'Epsilon']);
    expect(names(await list({ filters: [{ field: 'updatedAt', operator: 'before', value: cut }] }))).toEqual(['Alpha Marker', 'Delta', 'gamma']);
    expect(
      names(
        await list({
          filters: [
            { field: 'createdAt', operator: 'after', value: '2000-01-01' },
            { field: 'createdAt', operator: 'before', value: cut },
          ],
          sort: 'createdAt',
        }),
      ),
    ).toEqual(['Alpha Marker', 'Beta', 'Delta', 'gamma']);
  });

  it('contacts: contains and equals on the names and emails of the company contacts', async () => {
    expect(names(await list({ filters: [{ field: 'contacts', operator: 'contains', value: 'lovelace' }] }))).toEqual(['Alpha Marker']);
    expect(names(await list({ filters: [{ field: 'contacts', operator: 'equals', value: 'grace@navy.example' }] }))).toEqual(['gamma']);
    expect(names(await list({ filters: [{ field: 'contacts', operator: 'equals', value: 'Ada Lovelace' }] }))).toEqual(['Alpha Marker']);
    expect(names(await list({ filters: [{ field: 'contacts', operator: 'contains', value: 'nobody' }] }))).toEqual([]);
  });

  it('cf_ number: gt, gte, lt, lte, equals (negative, zero, decimals, large)', async () => {
    const cf = async (operator: string, value: unknown) => names(await list({ filters: [{ field: 'cf_revenue', operator, value }] }));
    expect(await cf('gt', 0)).toEqual(['Alpha Marker', 'Delta', 'Epsilon']);
    expect(await cf('gte', 0)).toEqual(['Alpha Marker', 'Delta', 'Epsilon', 'gamma']);
    expect(await cf('lt', 0)).toEqual(['Beta']);
    expect(await cf('lte', 1500)).toEqual(['Alpha Marker', 'Beta', 'Delta', 'gamma']);
    expect(await cf('equals', 1500)).toEqual(['Alpha Marker', 'Delta']);
    expect(await cf('equals', -20.5)).toEqual(['Beta']);
    expect(await cf('gt', 1500)).toEqual(['Epsilon']);
    expect(await cf('lt', -1000)).toEqual([]);
    // combined with a text rule, and two comparisons on the same field
    expect(
      names(
        await list({
          filters: [
            { field: 'cf_revenue', operator: 'gte', value: 1500 },
            { field: 'name', operator: 'contains', value: 'del' },
          ],
        }),
      ),
    ).toEqual(['Delta']);
    expect(
      names(
        await list({
          filters: [
            { field: 'cf_revenue', operator: 'gt', value: -100 },
            { field: 'cf_revenue', operator: 'lt', value: 100 },
          ],
        }),
      ),
    ).toEqual(['Beta', 'gamma']);
  });

  it('cf_ text and date rules', async () => {
    expect(names(await list({ filters: [{ field: 'cf_tier', operator: 'equals', value: 'gold' }] }))).toEqual(['Alpha Marker']);
    expect(names(await list({ filters: [{ field: 'cf_tier', operator: 'isEmpty', value: true }] }))).toEqual(['Beta', 'Delta', 'Epsilon', 'gamma']);
    expect(names(await list({ filters: [{ field: 'cf_renewal', operator: 'after', value: '2029-12-31' }] }))).toEqual(['Alpha Marker']);
  });

  it('sorts by a number custom field, name and createdAt', async () => {
    const asc = await list({ sort: 'cf_revenue' });
    expect(asc.body.data.map((c: { name: string }) => c.name)).toEqual(['Beta', 'gamma', expect.any(String), expect.any(String), 'Epsilon']);
    expect(
      asc.body.data
        .slice(2, 4)
        .map((c: { name: string }) => c.name)
        .sort(),
    ).toEqual(['Alpha Marker', 'Delta']);
    const desc = await list({ sort: '-cf_revenue', filters: [{ field: 'cf_revenue', operator: 'lte', value: 0 }] });
    expect(desc.body.data.map((c: { name: string }) => c.name)).toEqual(['gamma', 'Beta']);
    expect((await list({ sort: 'name' })).body.data.map((c: { name: string }) => c.name)).toEqual(['Alpha Marker', 'Beta', 'Delta', 'Epsilon', 'gamma']);
    expect((await list({ sort: '-name' })).body.data.map((c: { name: string }) => c.name)).toEqual(['gamma', 'Epsilon', 'Delta', 'Beta', 'Alpha Marker']);
    expect((await list({})).body.data[0].name).toBe('Epsilon');
    expect((await list({ sort: 'createdAt' })).body.data[4].name).toBe('Epsilon');
    const badSort = await list({ sort: 'cf_tier' });
    expect(badSort.status).toBe(400);
  });
});

describe('GET /api/companies filter errors', () => {
  it('unknown field → 400 unknown_filter_field with every available field', async () => {
    const r = await list({ filters: [{ field: 'tags', operator: 'contains', value: 'x' }] });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ statusCode: 400, code: 'unknown_filter_field' });
    expect(r.body.available).toEqual(expect.arrayContaining([...TEXT_FIELDS, 'createdAt', 'updatedAt', 'contacts', 'cf_revenue', 'cf_tier', 'cf_renewal']));
    expect(r.body.available).not.toContain('inn');
  });

  it('unknown cf_ key → 400 unknown_filter_field', async () => {
    const r = await list({ filters: [{ field: 'cf_missing', operator: 'gt', value: 1 }] });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('unknown_filter_field');
    expect(r.body.available).toContain('cf_revenue');
  });

  it.each([
    ['text field with a date operator', { field: 'name', operator: 'before', value: '2020-01-01' }],
    ['date field with a text operator', { field: 'createdAt', operator: 'contains', value: '2020' }],
    ['relation with isEmpty', { field: 'contacts', operator: 'isEmpty', value: true }],
    ['number cf with contains', { field: 'cf_revenue', operator: 'contains', value: '1' }],
    ['number cf with isEmpty', { field: 'cf_revenue', operator: 'isEmpty' }],
    ['text cf with gt', { field: 'cf_tier', operator: 'gt', value: 1 }],
    ['date cf with equals', { field: 'cf_renewal', operator: 'equals', value: '2030-01-01' }],
    ['made-up operator', { field: 'city', operator: 'startsWith', value: 'P' }],
    ['bad date value', { field: 'createdAt', operator: 'before', value: 'yesterday' }],
    ['non-number value', { field: 'cf_revenue', operator: 'gt', value: 'lots' }],
    ['missing operator', { field: 'city', value: 'P' }],
    ['extra rule property', { field: 'city', operator: 'equals', value: 'P', mode: 'x' }],
  ])('%s → 400 malformed_filter', async (_label, rule) => {
    const r = await list({ filters: [rule] });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ statusCode: 400, code: 'malformed_filter' });
  });

  it('filters that are not JSON (or not rules) → 400 malformed_filter', async () => {
    for (const filters of ['{not json', '[{"field":', '42', '"name"', '[1,2]']) {
      const r = await http.get(`/api/companies?filters=${encodeURIComponent(filters)}`);
      expect(r.status, filters).toBe(400);
      expect(r.body.code, filters).toBe('malformed_filter');
    }
  });
});

describe('GET /api/companies pages', () => {
  it('caps pageSize at 200 (documented) and refuses 0 or non-numbers', async () => {
    expect((await list({ pageSize: '200' })).status).toBe(200);
    for (const pageSize of ['201', '0', '-1', 'ten', '1.5']) {
      const r = await list({ pageSize });
      expect(r.status, pageSize).toBe(400);
      expect(r.body.statusCode).toBe(400);
    }
    const op = await http.get('/openapi.json');
    const pageSizeParam = op.body.paths['/api/companies'].get.parameters.find((p: { name: string }) => p.name === 'pageSize');
    expect(JSON.stringify(pageSizeParam)).toContain('1-200, default 50');
  });

  it('refuses a foreign or broken cursor', async () => {
    expect((await list({ cursor: 'garbage' })).status).toBe(400);
    const page = await list({ pageSize: '1', sort: 'name' });
    expect(page.body.nextCursor).toBeTruthy();
    expect((await list({ pageSize: '1', sort: 'cf_revenue', cursor: page.body.nextCursor })).status).toBe(400);
  });

  it('pages are stable: every company exactly once while companies are added and the cursor anchor is deleted', async () => {
    for (let i = 0; i < 20; i++)
      expect((await http.post('/api/companies', { name: `Page ${String(i).padStart(2, '0')}`, customFields: { revenue: i } })).status).toBe(201);
    let deleted = 0;
    for (const sort of ['createdAt', '-createdAt', 'name', '-name', 'cf_revenue', '-cf_revenue']) {
      const before = new Set((await all({ sort }, 200)).map((c) => c.id));
      const seen: string[] = [];
      const gone: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 20; page++) {
        const r = await list({ sort, pageSize: '4', ...(cursor ? { cursor } : {}) });
        expect(r.status).toBe(200);
        seen.push(...r.body.data.map((c: { id: string }) => c.id));
        if (page === 1) {
          // Between pages: a company that sorts last, and the deletion of the company the cursor points after.
          const late = await http.post('/api/companies', { name: `zz late ${sort}`, customFields: { revenue: sort.startsWith('-') ? -1e12 : 1e12 } });
          expect(late.status).toBe(201);
          const anchor = r.body.data[3].id;
          expect((await http.delete(`/api/companies/${anchor}`)).status).toBe(200);
          gone.push(anchor);
          deleted++;
        }
        cursor = r.body.nextCursor ?? undefined;
        if (!cursor) break;
      }
      expect(new Set(seen).size, sort).toBe(seen.length);
      for (const id of before) expect(seen, sort).toContain(id);
      if (!sort.startsWith('-')) expect(seen.length, sort).toBe(before.size + 1); // the late one sorts last
    }
    const everything = await all({ sort: 'createdAt' }, 9);
    expect(everything.length).toBe(5 + 20 + 6 - deleted);
  });

  it('keeps work bounded: a selective filter with a tiny budget gives short pages whose cursors still reach every match', async () => {
    const table = rt.deps.tenantTable(tenantId);
    const parsed = await compileCompanyFilters(table, JSON.stringify([{ field: 'name', operator: 'contains', value: 'page 1' }]));
    if (!parsed.ok) throw new Error('filters');
    const found: string[] = [];
    let cursor: string | undefined;
    let calls = 0;
    do {
      const page = await queryCompanies(table, { pageSize: 50, cursor, sort: parseSort('name', []), rules: parsed.rules, maxExamined: 3 });
      expect(page.examined).toBeLessThanOrEqual(3);
      found.push(...page.data.map((c) => c.name));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && ++calls < 100);
    const expected = (await all({ sort: 'name', filters: [{ field: 'name', operator: 'contains', value: 'page 1' }] }, 200)).map((c) => c.name);
    expect(expected.length).toBeGreaterThanOrEqual(5);
    expect(found).toEqual(expected);
    expect(calls).toBeGreaterThan(3);
  });
});
