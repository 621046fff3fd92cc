import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestRuntime } from '../support/runtime.js';
import { createApprovedAccount } from '../support/accounts.js';
import { listCompanyIds } from '../../shared/crm/company-lists/company-lists.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let http: ReturnType<typeof client>;
let tenantId: string;
const co: Record<string, string> = {};

beforeAll(async () => {
  rt = await startTestRuntime();
  const acc = await createApprovedAccount(rt.deps);
  tenantId = acc.tenantId;
  http = client(rt.url, { key: acc.apiKey, headers: { 'x-tenant-id': acc.tenantId } });
  expect((await http.post('/api/companies/custom-fields', { slug: 'employees', label: 'Employees', fieldType: 'number' })).status).toBe(201);
  for (const [name, city, employees] of [
    ['Acme', 'Berlin', 500],
    ['Bolt', 'Berlin', 20],
    ['Crux', 'Paris', 5000],
  ] as const) {
    co[name] = (await http.post('/api/companies', { name, city, customFields: { employees } })).body.id;
  }
});
afterAll(() => rt?.stop());

describe('STATIC company lists', () => {
  it('creates, adds companies idempotently, reads members and lists', async () => {
    const l = await http.post('/api/company-lists', { name: 'Targets' });
    expect(l.status).toBe(201);
    expect(l.body).toMatchObject({ name: 'Targets', type: 'STATIC', memberCount: 0, filters: null });
    const add = await http.post(`/api/company-lists/${l.body.id}/companies`, { companyIds: [co.Acme, co.Crux, co.Acme] });
    expect(add.status).toBe(200);
    expect(add.body).toMatchObject({ added: 2, alreadyMembers: 0 });
    const again = await http.post(`/api/company-lists/${l.body.id}/companies`, { companyIds: [co.Acme, co.Bolt] });
    expect(again.body).toMatchObject({ added: 1, alreadyMembers: 1 });
    expect((await http.get(`/api/company-lists/${l.body.id}`)).body.memberCount).toBe(3);
    const m = await http.get(`/api/company-lists/${l.body.id}/members?pageSize=2`);
    expect(m.status).toBe(200);
    expect(m.body.status).toBe('OK');
    expect(m.body.data).toHaveLength(2);
    const m2 = await http.get(`/api/company-lists/${l.body.id}/members?pageSize=2&cursor=${encodeURIComponent(m.body.nextCursor)}`);
    const all = [...m.body.data, ...m2.body.data].map((c: { name: string }) => c.name).sort();
    expect(all).toEqual(['Acme', 'Bolt', 'Crux']);
    const lists = await http.get('/api/company-lists');
    expect(lists.status).toBe(200);
    expect(lists.body.data.map((x: { id: string }) => x.id)).toContain(l.body.id);
    const ids = await listCompanyIds(rt.deps.tenantTable(tenantId), l.body.id);
    expect(ids.status).toBe('OK');
    expect(ids.status === 'OK' && [...ids.companyIds].sort()).toEqual([co.Acme, co.Bolt, co.Crux].sort());
  });

  it('refuses unknown companies (404, nothing added), bad bodies and filters on a STATIC list', async () => {
    const l = await http.post('/api/company-lists', { name: 'Strict', type: 'STATIC' });
    const r = await http.post(`/api/company-lists/${l.body.id}/companies`, { companyIds: [co.Acme, 'nope'] });
    expect(r.status).toBe(404);
    expect((await http.get(`/api/company-lists/${l.body.id}`)).body.memberCount).toBe(0);
    expect((await http.post(`/api/company-lists/${l.body.id}/companies`, { companyIds: [] })).status).toBe(400);
    expect((await http.post(`/api/company-lists/${l.body.id}/companies`, { companyIds: Array.from({ length: 501 }, (_, i) => `c${i}`) })).status).toBe(400);
    expect((await http.post('/api/company-lists', { name: 'x', type: 'STATIC', filters: [] })).status).toBe(400);
    expect((await http.post('/api/company-lists', { name: 'x', type: 'DYNAMIC' })).status).toBe(400);
    expect((await http.post('/api/company-lists/nope/companies', { companyIds: [co.Acme] })).status).toBe(404);
    expect((await http.get('/api/company-lists/nope/members')).status).toBe(404);
  });

  it('drops a deleted company from its lists', async () => {
    const doomed = (await http.post('/api/companies', { name: 'Doomed' })).body.id;
    const l = await http.post('/api/company-lists', { name: 'With doomed' });
    await http.post(`/api/company-lists/${l.body.id}/companies`, { companyIds: [doomed, co.Bolt] });
    await http.delete(`/api/companies/${doomed}`);
    const m = await http.get(`/api/company-lists/${l.body.id}/members`);
    expect(m.body.data.map((c: { name: string }) => c.name)).toEqual(['Bolt']);
  });
});

describe('SMART company lists', () => {
  it('is evaluated on read: companies created later match, changed ones drop out', async () => {
    const l = await http.post('/api/company-lists', {
      name: 'Big Berlin',
      type: 'SMART',
      filters: [
        { field: 'city', operator: 'equals', value: 'berlin' },
        { field: 'cf_employees', operator: 'gte', value: 100 },
      ],
    });
    expect(l.status).toBe(201);
    expect(l.body).toMatchObject({ type: 'SMART', memberCount: null, evaluation: { status: 'OK' } });
    const names = async () => (await http.get(`/api/company-lists/${l.body.id}/members`)).body.data.map((c: { name: string }) => c.name).sort();
    expect(await names()).toEqual(['Acme']);
    const late = (await http.post('/api/companies', { name: 'Late', city: 'Berlin', customFields: { employees: 100 } })).body.id;
    expect(await names()).toEqual(['Acme', 'Late']);
    await http.patch(`/api/companies/${co.Acme}`, { city: 'Munich' });
    expect(await names()).toEqual(['Late']);
    await http.patch(`/api/companies/${co.Acme}`, { city: 'Berlin' });
    await http.delete(`/api/companies/${late}`);
    const ids = await listCompanyIds(rt.deps.tenantTable(tenantId), l.body.id);
    expect(ids).toMatchObject({ status: 'OK', type: 'SMART', companyIds: [co.Acme] });
    const add = await http.post(`/api/company-lists/${l.body.id}/companies`, { companyIds: [co.Bolt] });
    expect(add.status).toBe(400);
    expect(add.body.code).toBe('list_not_static');
  });

  it('accepts filters as JSON text too', async () => {
    const l = await http.post('/api/company-lists', {
      name: 'Paris',
      type: 'SMART',
      filters: JSON.stringify([{ field: 'city', operator: 'contains', value: 'par' }]),
    });
    expect(l.body.evaluation).toEqual({ status: 'OK' });
    expect((await http.get(`/api/company-lists/${l.body.id}/members`)).body.data.map((c: { name: string }) => c.name)).toEqual(['Crux']);
  });

  it.each([
    ['unknown field', [{ field: 'tags', operator: 'contains', value: 'x' }], 'UNSUPPORTED', 'unknown_filter_field'],
    ['unknown cf key', [{ field: 'cf_revenue', operator: 'gt', value: 1 }], 'UNSUPPORTED', 'unknown_filter_field'],
    ['unsupported operator', [{ field: 'city', operator: 'before', value: '2020-01-01' }], 'UNSUPPORTED', 'unsupported_operator'],
    ['not JSON', '{oops', 'UNAVAILABLE', 'malformed_filter'],
    ['not a rule', [42], 'UNAVAILABLE', 'malformed_filter'],
    ['bad value', [{ field: 'cf_employees', operator: 'gt', value: 'many' }], 'UNAVAILABLE', 'malformed_filter'],
  ])('%s → explicit %s, never an empty success', async (_label, filters, status, reason) => {
    const l = await http.post('/api/company-lists', { name: `bad ${reason}`, type: 'SMART', filters });
    expect(l.status).toBe(201);
    expect(l.body.evaluation).toMatchObject({ status, reason });
    const m = await http.get(`/api/company-lists/${l.body.id}/members`);
    expect(m.status).toBe(200);
    expect(m.body).toMatchObject({ status, reason, data: null, nextCursor: null });
    const ids = await listCompanyIds(rt.deps.tenantTable(tenantId), l.body.id);
    expect(ids).toMatchObject({ status, reason, companyIds: null });
  });

  it('needs filters', async () => {
    expect((await http.post('/api/company-lists', { name: 'empty smart', type: 'SMART' })).status).toBe(400);
  });
});
