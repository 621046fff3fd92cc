import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestRuntime } from '../support/runtime.js';
import { startTenantRuntime } from '../support/accounts.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let http: ReturnType<typeof client>;
let tenantId: string;

beforeAll(async () => {
  let apiKey: string;
  ({
    rt,
    account: { tenantId, apiKey },
  } = await startTenantRuntime());
  http = client(rt.url, { key: apiKey, headers: { 'x-tenant-id': tenantId } });
});
afterAll(() => rt?.stop());

describe('companies CRUD', () => {
  it('creates (201), reads, updates and deletes a company', async () => {
    const c = await http.post('/api/companies', { name: 'Acme', domain: 'https://www.ACME.com/about', industry: 'Tools', city: 'Berlin' });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ name: 'Acme', domain: 'acme.com', industry: 'Tools', city: 'Berlin', country: null, customFields: {} });
    expect(c.body.duplicateOf).toBeUndefined();
    const g = await http.get(`/api/companies/${c.body.id}`);
    expect(g.status).toBe(200);
    expect(g.body).toEqual(c.body);
    const u = await http.patch(`/api/companies/${c.body.id}`, { city: null, country: 'DE' });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ name: 'Acme', city: null, country: 'DE' });
    expect((await http.get(`/api/companies/${c.body.id}`)).body.country).toBe('DE');
    const d = await http.delete(`/api/companies/${c.body.id}`);
    expect(d.status).toBe(200);
    expect((await http.get(`/api/companies/${c.body.id}`)).status).toBe(404);
    expect((await http.delete(`/api/companies/${c.body.id}`)).status).toBe(404);
    expect((await http.patch(`/api/companies/${c.body.id}`, { city: 'x' })).status).toBe(404);
  });

  it('does not dedupe a single create (same domain twice gives two companies)', async () => {
    const a = await http.post('/api/companies', { name: 'Twin', domain: 'twin.io', inn: '7707083893' });
    const b = await http.post('/api/companies', { name: 'Twin', domain: 'twin.io', inn: '7707083893' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body.id).not.toBe(b.body.id);
  });

  it('refuses unknown properties and a missing name with the spec body', async () => {
    const r = await http.post('/api/companies', { name: 'X', nickname: 'y' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ statusCode: 400, message: ['property nickname should not exist'] });
    const n = await http.post('/api/companies', { domain: 'x.com' });
    expect(n.status).toBe(400);
    expect(n.body.message).toContain('name should not be empty');
  });
});

describe('company custom fields', () => {
  it('creates definitions of the three types and refuses other types (400) and duplicate slugs (409)', async () => {
    for (const [slug, fieldType] of [
      ['revenue', 'number'],
      ['segment', 'text'],
      ['founded', 'date'],
    ]) {
      const r = await http.post('/api/companies/custom-fields', { slug, label: slug.toUpperCase(), fieldType });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ slug, fieldType, label: slug.toUpperCase() });
    }
    const bad = await http.post('/api/companies/custom-fields', { slug: 'flag', label: 'Flag', fieldType: 'boolean' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(['fieldType must be one of the following values: number, text, date']);
    const badSlug = await http.post('/api/companies/custom-fields', { slug: 'Bad Slug', label: 'x', fieldType: 'text' });
    expect(badSlug.status).toBe(400);
    const dup = await http.post('/api/companies/custom-fields', { slug: 'revenue', label: 'Again', fieldType: 'text' });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('duplicate_slug');
    const dups = await Promise.all([1, 2, 3].map(() => http.post('/api/companies/custom-fields', { slug: 'race', label: 'Race', fieldType: 'text' })));
    expect(dups.map((d) => d.status).sort()).toEqual([201, 409, 409]);
    const list = await http.get('/api/companies/custom-fields');
    expect(list.body.data.map((d: { slug: string }) => d.slug)).toEqual(['founded', 'race', 'revenue', 'segment']);
  });

  it('validates values against the definitions on create and update', async () => {
    const wrongNumber = await http.post('/api/companies', { name: 'V', customFields: { revenue: '12' } });
    expect(wrongNumber.status).toBe(400);
    expect(wrongNumber.body.message).toEqual(['customFields.revenue must be a number']);
    const wrongDate = await http.post('/api/companies', { name: 'V', customFields: { founded: 'yesterday' } });
    expect(wrongDate.status).toBe(400);
    expect(wrongDate.body.message).toEqual(['customFields.founded must be an ISO 8601 date']);
    const wrongText = await http.post('/api/companies', { name: 'V', customFields: { segment: 5 } });
    expect(wrongText.status).toBe(400);
    const unknown = await http.post('/api/companies', { name: 'V', customFields: { nope: 1 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'unknown_custom_field', fields: ['nope'] });
    expect(unknown.body.available).toContain('revenue');

    const ok = await http.post('/api/companies', { name: 'V', customFields: { revenue: 12.5, segment: 'SMB', founded: '2001-02-03' } });
    expect(ok.status).toBe(201);
    expect(ok.body.customFields).toEqual({ revenue: 12.5, segment: 'SMB', founded: '2001-02-03T00:00:00.000Z' });
    const up = await http.patch(`/api/companies/${ok.body.id}`, { customFields: { revenue: 99, segment: null } });
    expect(up.status).toBe(200);
    expect(up.body.customFields).toEqual({ revenue: 99, founded: '2001-02-03T00:00:00.000Z' });
    const badUp = await http.patch(`/api/companies/${ok.body.id}`, { customFields: { revenue: 'a lot' } });
    expect(badUp.status).toBe(400);

    const values = await http.get(`/api/companies/custom-fields/${ok.body.id}/values`);
    expect(values.status).toBe(200);
    expect(values.body.companyId).toBe(ok.body.id);
    expect(values.body.data).toEqual(
      expect.arrayContaining([
        { slug: 'revenue', label: 'REVENUE', fieldType: 'number', value: 99 },
        { slug: 'segment', label: 'SEGMENT', fieldType: 'text', value: null },
      ]),
    );
    expect((await http.get('/api/companies/custom-fields/nope/values')).status).toBe(404);
  });

  it('keeps contact custom fields apart from company ones', async () => {
    const r = await http.post('/api/contacts/custom-fields', { slug: 'revenue', label: 'Contact revenue', fieldType: 'number' });
    expect(r.status).toBe(201);
    expect((await http.post('/api/contacts/custom-fields', { slug: 'revenue', label: 'x', fieldType: 'number' })).status).toBe(409);
    expect((await http.post('/api/contacts/custom-fields', { slug: 'x', label: 'x', fieldType: 'json' })).status).toBe(400);
    const list = await http.get('/api/contacts/custom-fields');
    expect(list.body.data).toEqual([expect.objectContaining({ slug: 'revenue', entity: 'contact', label: 'Contact revenue' })]);
  });

  it('filters GET /api/contacts by contact cf_ fields only (spec error bodies)', async () => {
    const ten = await http.post('/api/contacts', { firstName: 'Rev', lastName: 'Ten', email: 'ten@revenue.test', customFields: { revenue: 10 } });
    const nine = await http.post('/api/contacts', { firstName: 'Rev', lastName: 'Nine', email: 'nine@revenue.test', customFields: { revenue: 9 } });
    const none = await http.post('/api/contacts', { firstName: 'Rev', lastName: 'None', email: 'none@revenue.test' });
    expect([ten.status, nine.status, none.status]).toEqual([201, 201, 201]);
    const list = (raw: string) => http.get(`/api/contacts?filters=${encodeURIComponent(raw)}&pageSize=100`);
    const gte10 = await list(JSON.stringify({ field: 'cf_revenue', operator: 'gte', value: 10 }));
    expect(gte10.status).toBe(200);
    expect(gte10.body.data.map((c: { id: string }) => c.id)).toEqual([ten.body.id]);
    expect((await list(JSON.stringify([{ field: 'name', operator: 'equals', value: 'x' }]))).body).toMatchObject({
      statusCode: 400,
      code: 'unknown_filter_field',
      available: ['cf_revenue'],
    });
    expect((await list(JSON.stringify([{ field: 'cf_segment', operator: 'equals', value: 'x' }]))).body).toMatchObject({ code: 'unknown_filter_field' });
    expect((await list(JSON.stringify([{ field: 'cf_revenue', operator: 'contains', value: '1' }]))).body).toMatchObject({ code: 'malformed_filter' });
    expect((await list('{')).body).toMatchObject({ statusCode: 400, code: 'malformed_filter' });
  });
});
