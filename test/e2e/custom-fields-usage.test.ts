import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { client, startTestRuntime } from '../support/runtime.js';
import { addKey, createApprovedAccount } from '../support/accounts.js';

// Custom-field relabel (companies/contacts_custom_fields_update), where a field is used
// (companies/contacts_custom_fields_usage) and the lists of a company (companies_lists), over HTTP.
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let a: ReturnType<typeof client>;
let b: ReturnType<typeof client>;
let readOnly: ReturnType<typeof client>;
let keyA: string;
const id: Record<string, string> = {};

beforeAll(async () => {
  rt = await startTestRuntime();
  const accA = await createApprovedAccount(rt.deps);
  const accB = await createApprovedAccount(rt.deps);
  keyA = accA.apiKey;
  a = client(rt.url, { key: accA.apiKey, headers: { 'x-tenant-id': accA.tenantId } });
  b = client(rt.url, { key: accB.apiKey, headers: { 'x-tenant-id': accB.tenantId } });
  readOnly = client(rt.url, { key: await addKey(rt.deps, accA.accountId, ['crm:read']), headers: { 'x-tenant-id': accA.tenantId } });
  for (const [path, slug, fieldType] of [
    ['/api/companies/custom-fields', 'revenue', 'number'],
    ['/api/companies/custom-fields', 'tier', 'text'],
    ['/api/companies/custom-fields', 'founded', 'date'],
    ['/api/contacts/custom-fields', 'seniority', 'text'],
  ]) {
    const r = await a.post(path, { slug, label: slug, fieldType });
    expect(r.status, r.text).toBe(201);
  }
  id.big = (await a.post('/api/companies', { name: 'Big', customFields: { revenue: 500, tier: 'gold' } })).body.id;
  id.small = (await a.post('/api/companies', { name: 'Small', customFields: { revenue: 5 } })).body.id;
  id.plain = (await a.post('/api/companies', { name: 'Plain' })).body.id;
  id.contact = (await a.post('/api/contacts', { firstName: 'Ann', customFields: { seniority: 'lead' } })).body.id;
  await a.post('/api/contacts', { firstName: 'Bob' });
  id.static = (await a.post('/api/company-lists', { name: 'Targets' })).body.id;
  id.other = (await a.post('/api/company-lists', { name: 'Others' })).body.id;
  id.rich = (await a.post('/api/company-lists', { name: 'Rich', type: 'SMART', filters: [{ field: 'cf_revenue', operator: 'gt', value: 100 }] })).body.id;
  id.named = (await a.post('/api/company-lists', { name: 'Named B', type: 'SMART', filters: [{ field: 'name', operator: 'contains', value: 'b' }] })).body.id;
  expect((await a.post(`/api/company-lists/${id.static}/companies`, { companyIds: [id.big] })).status).toBe(200);
  expect((await a.post(`/api/company-lists/${id.other}/companies`, { companyIds: [id.small] })).status).toBe(200);
});
afterAll(() => rt?.stop());

describe('custom field relabel', () => {
  it('changes the label only, and the values stay', async () => {
    const r = await a.patch('/api/companies/custom-fields/revenue', { label: 'Annual revenue' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ slug: 'revenue', label: 'Annual revenue', fieldType: 'number' });
    const defs = (await a.get('/api/companies/custom-fields')).body.data;
    expect(defs.find((d: { slug: string }) => d.slug === 'revenue').label).toBe('Annual revenue');
    expect((await a.get(`/api/companies/${id.big}`)).body.customFields.revenue).toBe(500);
    const c = await a.patch('/api/contacts/custom-fields/seniority', { label: 'Seniority level' });
    expect(c.body).toMatchObject({ slug: 'seniority', label: 'Seniority level' });
  });

  it('answers 400 for a bad body, 404 for an unknown or foreign slug, 403 without crm:write', async () => {
    const type = await a.patch('/api/companies/custom-fields/tier', { label: 'Tier', fieldType: 'number' });
    expect(type.status).toBe(400);
    expect(type.body.message).toEqual(['property fieldType should not exist']);
    const empty = await a.patch('/api/companies/custom-fields/tier', { label: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message.some((m: string) => m.startsWith('label'))).toBe(true);
    expect((await a.patch('/api/companies/custom-fields/nope', { label: 'x' })).status).toBe(404);
    expect((await a.patch('/api/contacts/custom-fields/revenue', { label: 'x' })).status).toBe(404); // a company field, not a contact one
    expect((await b.patch('/api/companies/custom-fields/tier', { label: 'stolen' })).status).toBe(404);
    const ro = await readOnly.patch('/api/companies/custom-fields/tier', { label: 'x' });
    expect(ro.status).toBe(403);
    expect((await a.get('/api/companies/custom-fields')).body.data.find((d: { slug: string }) => d.slug === 'tier').label).toBe('tier');
  });
});

describe('where a custom field is used', () => {
  it('counts the holders of number, text and date fields and names the SMART lists that filter on them', async () => {
    const revenue = await a.get('/api/companies/custom-fields/usage?slug=revenue');
    expect(revenue.status, revenue.text).toBe(200);
    expect(revenue.body).toMatchObject({ entity: 'company', slug: 'revenue', fieldType: 'number', holders: { count: 2, complete: true } });
    expect(revenue.body.smartLists).toEqual({ data: [{ id: id.rich, name: 'Rich' }], complete: true });
    const tier = (await a.get('/api/companies/custom-fields/usage?slug=tier')).body;
    expect(tier).toMatchObject({ holders: { count: 1, complete: true }, smartLists: { data: [], complete: true } });
    expect((await a.get('/api/companies/custom-fields/usage?slug=founded')).body.holders).toEqual({ count: 0, complete: true });
    const seniority = (await a.get('/api/contacts/custom-fields/usage?slug=seniority')).body;
    expect(seniority).toMatchObject({ entity: 'contact', holders: { count: 1, complete: true }, smartLists: { data: [] } });
  });

  it('follows a value that is cleared or a company that is deleted', async () => {
    await a.patch(`/api/companies/${id.small}`, { customFields: { revenue: null, tier: 'bronze' } });
    expect((await a.get('/api/companies/custom-fields/usage?slug=revenue')).body.holders.count).toBe(1);
    expect((await a.get('/api/companies/custom-fields/usage?slug=tier')).body.holders.count).toBe(2);
    const gone = (await a.post('/api/companies', { name: 'Gone', customFields: { tier: 'x', revenue: 1 } })).body.id;
    expect((await a.get('/api/companies/custom-fields/usage?slug=tier')).body.holders.count).toBe(3);
    expect((await a.delete(`/api/companies/${gone}`)).status).toBe(200);
    expect((await a.get('/api/companies/custom-fields/usage?slug=tier')).body.holders.count).toBe(2);
    expect((await a.get('/api/companies/custom-fields/usage?slug=revenue')).body.holders.count).toBe(1);
  });

  it('answers 400 without a slug or with an extra parameter, 404 for an unknown or foreign slug', async () => {
    const missing = await a.get('/api/companies/custom-fields/usage');
    expect(missing.status).toBe(400);
    expect(missing.body.message.some((m: string) => m.startsWith('slug'))).toBe(true);
    expect((await a.get('/api/companies/custom-fields/usage?slug=tier&x=1')).body.message).toEqual(['property x should not exist']);
    expect((await a.get('/api/companies/custom-fields/usage?slug=nope')).status).toBe(404);
    expect((await b.get('/api/companies/custom-fields/usage?slug=revenue')).status).toBe(404);
    expect((await b.get('/api/contacts/custom-fields/usage?slug=seniority')).status).toBe(404);
  });
});

describe('the lists of a company', () => {
  it('names the STATIC lists it is in and the SMART lists it matches now', async () => {
    const big = await a.get(`/api/companies/${id.big}/lists`);
    expect(big.status, big.text).toBe(200);
    const names = big.body.data.map((l: { name: string }) => l.name).sort();
    expect(names).toEqual(['Named B', 'Rich', 'Targets']);
    expect(big.body.data.find((l: { id: string }) => l.id === id.static)).toEqual({ id: id.static, name: 'Targets', type: 'STATIC', memberCount: 1 });
    expect(big.body.data.find((l: { id: string }) => l.id === id.rich)).toMatchObject({ type: 'SMART', memberCount: null });
    expect(big.body.nextCursor).toBeNull();
    expect((await a.get(`/api/companies/${id.plain}/lists`)).body.data).toEqual([]);
    expect((await a.get(`/api/companies/${id.small}/lists`)).body.data.map((l: { name: string }) => l.name)).toEqual(['Others']);
  });

  it('answers 404 for an unknown or foreign company and 400 for a bad query', async () => {
    expect((await a.get('/api/companies/nope/lists')).status).toBe(404);
    expect((await b.get(`/api/companies/${id.big}/lists`)).status).toBe(404);
    const bad = await a.get(`/api/companies/${id.big}/lists?pageSize=5`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(['property pageSize should not exist']);
  });
});

describe('the leads of a company', () => {
  it("lists the leads of the company's contacts, newest first, and nothing of other companies", async () => {
    const pipeline = await a.post('/api/pipelines', { name: 'Sales', isDefault: true });
    expect(pipeline.status, pipeline.text).toBe(201);
    const ann = (await a.post('/api/contacts', { firstName: 'Ann', companyId: id.big })).body.id;
    const joe = (await a.post('/api/contacts', { firstName: 'Joe', companyId: id.big })).body.id;
    const elsewhere = (await a.post('/api/contacts', { firstName: 'Eve', companyId: id.small })).body.id;
    const first = (await a.post('/api/leads', { contactId: ann, title: 'First deal' })).body;
    expect(first.id).toBeTruthy();
    const second = (await a.post('/api/leads', { contactId: joe, title: 'Second deal' })).body;
    await a.post('/api/leads', { contactId: elsewhere, title: 'Not theirs' });
    const r = await a.get(`/api/companies/${id.big}/leads`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.complete).toBe(true);
    expect(r.body.data.map((l: { id: string }) => l.id).sort()).toEqual([first.id, second.id].sort());
    expect(r.body.data.map((l: { title: string }) => l.title)).not.toContain('Not theirs');
    expect((await a.get(`/api/companies/${id.plain}/leads`)).body).toEqual({ companyId: id.plain, data: [], complete: true });
  });

  it('answers 404 for an unknown or foreign company and 400 for a bad query', async () => {
    expect((await a.get('/api/companies/nope/leads')).status).toBe(404);
    expect((await b.get(`/api/companies/${id.big}/leads`)).status).toBe(404);
    expect((await a.get(`/api/companies/${id.big}/leads?x=1`)).body.message).toEqual(['property x should not exist']);
  });
});

describe('the same operations as MCP tools', () => {
  it("relabels, counts usage and lists a company's lists and leads through the official MCP client", async () => {
    const mcp = new Client({ name: 'e2e', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${rt.url}/mcp?toolsets=crm`), { requestInit: { headers: { authorization: `Bearer ${keyA}` } } }),
    );
    try {
      const names = (await mcp.listTools()).tools.map((t) => t.name);
      for (const id of [
        'companies_custom_fields_update',
        'contacts_custom_fields_update',
        'companies_custom_fields_usage',
        'contacts_custom_fields_usage',
        'companies_lists',
        'companies_leads',
      ])
        expect(names).toContain(`svc_${id}`);
      type Result = { structuredContent?: Record<string, any>; isError?: boolean };
      const call = async (name: string, args: Record<string, unknown>) => (await mcp.callTool({ name, arguments: args })) as Result;
      expect((await call('svc_companies_custom_fields_update', { slug: 'founded', body: { label: 'Founded in' } })).structuredContent).toMatchObject({
        label: 'Founded in',
      });
      expect((await call('svc_companies_custom_fields_usage', { slug: 'revenue' })).structuredContent).toMatchObject({ holders: { count: 1, complete: true } });
      const lists = (await call('svc_companies_lists', { id: id.big })).structuredContent!;
      expect(lists.data.map((l: { name: string }) => l.name).sort()).toEqual(['Named B', 'Rich', 'Targets']);
      expect((await call('svc_companies_leads', { id: id.big })).structuredContent!.data).toHaveLength(2);
      expect((await call('svc_companies_lists', { id: 'nope' })).isError).toBe(true);
    } finally {
      await mcp.close().catch(() => undefined);
    }
  });
});
