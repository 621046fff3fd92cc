import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestRuntime } from '../support/runtime.js';
import { addKey, createApprovedAccount } from '../support/accounts.js';
import { operations } from '../../functions/registry.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let a: ReturnType<typeof client>;
let b: ReturnType<typeof client>;
let readOnly: ReturnType<typeof client>;
let bTenant: string;
const own: Record<string, string> = {};

const PART_A = [
  'companies_create',
  'companies_get',
  'companies_update',
  'companies_delete',
  'companies_list',
  'companies_custom_fields_create',
  'companies_custom_fields_list',
  'companies_custom_fields_values',
  'contacts_custom_fields_create',
  'contacts_custom_fields_list',
  'company_lists_list',
  'company_lists_get',
  'company_lists_members',
  'CompanyListsController_create',
  'CompanyListsController_addCompanies',
];

beforeAll(async () => {
  rt = await startTestRuntime();
  const accA = await createApprovedAccount(rt.deps);
  const accB = await createApprovedAccount(rt.deps);
  bTenant = accB.tenantId;
  a = client(rt.url, { key: accA.apiKey, headers: { 'x-tenant-id': accA.tenantId } });
  b = client(rt.url, { key: accB.apiKey, headers: { 'x-tenant-id': accB.tenantId } });
  readOnly = client(rt.url, { key: await addKey(rt.deps, accA.accountId, ['crm:read']), headers: { 'x-tenant-id': accA.tenantId } });
  await a.post('/api/companies/custom-fields', { slug: 'score', label: 'Score', fieldType: 'number' });
  own.company = (await a.post('/api/companies', { name: 'Secret A', customFields: { score: 7 } })).body.id;
  own.list = (await a.post('/api/company-lists', { name: 'A list' })).body.id;
  own.smart = (await a.post('/api/company-lists', { name: 'A smart', type: 'SMART', filters: [{ field: 'cf_score', operator: 'gt', value: 1 }] })).body.id;
  await a.post(`/api/company-lists/${own.list}/companies`, { companyIds: [own.company] });
});
afterAll(() => rt?.stop());

describe('tenant isolation', () => {
  it("gives 404 for another tenant's ids on every id-taking operation", async () => {
    const bList = (await b.post('/api/company-lists', { name: 'B list' })).body.id;
    const bCompany = (await b.post('/api/companies', { name: 'B co' })).body.id;
    const calls = [
      b.get(`/api/companies/${own.company}`),
      b.patch(`/api/companies/${own.company}`, { city: 'x' }),
      b.delete(`/api/companies/${own.company}`),
      b.get(`/api/companies/custom-fields/${own.company}/values`),
      b.get(`/api/company-lists/${own.list}`),
      b.get(`/api/company-lists/${own.list}/members`),
      b.get(`/api/company-lists/${own.smart}/members`),
      b.post(`/api/company-lists/${own.list}/companies`, { companyIds: [bCompany] }),
      b.post(`/api/company-lists/${bList}/companies`, { companyIds: [own.company] }),
    ];
    for (const r of await Promise.all(calls)) expect(r.status, r.text).toBe(404);
    expect((await a.get(`/api/companies/${own.company}`)).body.name).toBe('Secret A');
  });

  it('never shows one tenant the data of another in lists, definitions or filters', async () => {
    const list = await b.get('/api/companies?pageSize=200');
    expect(list.body.data.map((c: { name: string }) => c.name)).not.toContain('Secret A');
    expect((await b.get('/api/companies/custom-fields')).body.data).toEqual([]);
    const cf = await b.get(`/api/companies?filters=${encodeURIComponent(JSON.stringify([{ field: 'cf_score', operator: 'gt', value: 0 }]))}`);
    expect(cf.status).toBe(400);
    expect(cf.body.code).toBe('unknown_filter_field');
    expect((await b.get('/api/company-lists')).body.data.map((l: { id: string }) => l.id)).not.toContain(own.list);
    // the same slug is free in another tenant
    expect((await b.post('/api/companies/custom-fields', { slug: 'score', label: 'Score', fieldType: 'text' })).status).toBe(201);
  });

  it('refuses a tenant the key does not belong to', async () => {
    const r = await a.get('/api/companies', { 'x-tenant-id': bTenant });
    expect([403, 404]).toContain(r.status);
  });
});

describe('scopes, agent card and OpenAPI', () => {
  it('publishes every operation with its scope in the agent card and OpenAPI', async () => {
    const card = (await a.get('/.well-known/agent-card.json')).body;
    const openapi = (await a.get('/openapi.json')).body;
    for (const id of PART_A) {
      const op = operations.find((o) => o.operationId === id)!;
      expect(op, id).toBeDefined();
      expect(op.scope, id).toBe(op.method === 'GET' ? 'crm:read' : 'crm:write');
      expect(
        card.capabilities.find((c: { operationId: string }) => c.operationId === id),
        id,
      ).toMatchObject({ scope: op.scope, path: op.path, mcpTool: `svc_${id}` });
      expect(openapi.paths[op.path][op.method.toLowerCase()], id).toMatchObject({ operationId: id, 'x-scope': op.scope });
    }
  });

  it('enforces crm:write on writes and lets crm:read read', async () => {
    expect((await readOnly.get('/api/companies')).status).toBe(200);
    expect((await readOnly.get(`/api/company-lists/${own.list}/members`)).status).toBe(200);
    for (const r of await Promise.all([
      readOnly.post('/api/companies', { name: 'nope' }),
      readOnly.patch(`/api/companies/${own.company}`, { city: 'x' }),
      readOnly.delete(`/api/companies/${own.company}`),
      readOnly.post('/api/companies/custom-fields', { slug: 'z', label: 'z', fieldType: 'text' }),
      readOnly.post('/api/contacts/custom-fields', { slug: 'z', label: 'z', fieldType: 'text' }),
      readOnly.post('/api/company-lists', { name: 'nope' }),
      readOnly.post(`/api/company-lists/${own.list}/companies`, { companyIds: [own.company] }),
    ])) {
      expect(r.status).toBe(403);
      expect(r.body.requiredScope).toBe('crm:write');
    }
  });

  it('answers 401 without a key', async () => {
    const anon = client(rt.url);
    expect((await anon.get('/api/companies')).body).toEqual({ statusCode: 401, message: 'Invalid credentials' });
  });
});
