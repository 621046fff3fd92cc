import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestRuntime } from '../support/runtime.js';
import { addKey, createApprovedAccount } from '../support/accounts.js';

/**
 * Isolation and scopes of every leads/pipelines/audience operation: another workspace's ids are
 * "not found", and crm:read keys cannot write.
 */
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let a: ReturnType<typeof client>;
let b: ReturnType<typeof client>;
let readOnly: ReturnType<typeof client>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  rt = await startTestRuntime();
  const accA = await createApprovedAccount(rt.deps);
  const accB = await createApprovedAccount(rt.deps);
  a = client(rt.url, { key: accA.apiKey });
  ids.tenantA = accA.tenantId;
  b = client(rt.url, { key: accB.apiKey });
  readOnly = client(rt.url, { key: await addKey(rt.deps, accA.accountId, ['crm:read']) });
  // Everything below belongs to workspace A.
  const pipeline = (await a.get('/api/pipelines')).body.data[0];
  ids.pipeline = pipeline.id;
  ids.stage = pipeline.stages[1].id;
  ids.contact = (await a.post('/api/contacts', { firstName: 'A', email: 'only-a@tenant-a.example' })).body.id;
  ids.company = (await a.post('/api/companies', { name: 'A Co', domain: 'a-co.example' })).body.id;
  ids.lead = (await a.post('/api/leads', { contactId: ids.contact })).body.id;
  ids.dsar = (await a.post('/api/dsar', { type: 'source', email: 'only-a@tenant-a.example' })).body.id;
  await a.post('/api/suppression', { email: 'blocked@tenant-a.example' });
  await a.post('/api/stop-list', { companyId: ids.company });
});
afterAll(() => rt?.stop());

describe("another workspace's ids are 404 for every operation", () => {
  it('pipelines', async () => {
    expect((await b.get(`/api/pipelines/${ids.pipeline}`)).status).toBe(404);
    expect((await b.post(`/api/pipelines/${ids.pipeline}/stages`, { name: 'X' })).status).toBe(404);
    expect((await b.post(`/api/pipelines/${ids.pipeline}/automations`, { stageId: ids.stage, actions: [{ type: 'note', text: 'x' }] })).status).toBe(404);
    expect((await b.post(`/api/pipelines/${ids.pipeline}/default`)).status).toBe(404);
    expect((await b.delete(`/api/pipelines/${ids.pipeline}`)).status).toBe(404);
    expect((await b.get('/api/pipelines')).body.data.map((p: any) => p.id)).not.toContain(ids.pipeline);
  });

  it('leads', async () => {
    expect((await b.post('/api/leads', { contactId: ids.contact })).status).toBe(404);
    const bContact = (await b.post('/api/contacts', { firstName: 'B', email: 'b@tenant-b.example' })).body.id;
    expect((await b.post('/api/leads', { contactId: bContact, pipelineId: ids.pipeline })).status).toBe(404);
    expect((await b.post('/api/leads', { contactId: bContact, stageId: ids.stage })).status).toBe(404);
    expect((await b.get(`/api/leads/kanban?pipelineId=${ids.pipeline}`)).status).toBe(404);
    expect((await b.post(`/api/leads/${ids.lead}/move`, { stageId: ids.stage })).status).toBe(404);
    expect((await b.post(`/api/leads/${ids.lead}/interest`, { interest: 'high' })).status).toBe(404);
    expect((await b.get(`/api/leads/${ids.lead}/dossier`)).status).toBe(404);
    // A's own lead cannot be moved into B's stage either.
    const bStage = (await b.get('/api/pipelines')).body.data[0].stages[1].id;
    expect((await a.post(`/api/leads/${ids.lead}/move`, { stageId: bStage })).status).toBe(404);
  });

  it('audience', async () => {
    expect((await b.get(`/api/dsar/${ids.dsar}`)).status).toBe(404);
    expect((await b.get('/api/dsar')).body.data).toEqual([]);
    expect((await b.post('/api/stop-list', { companyId: ids.company })).status).toBe(404);
    expect((await b.delete(`/api/stop-list/company:${ids.company}`)).status).toBe(404);
    expect((await b.delete('/api/suppression/blocked@tenant-a.example')).status).toBe(404);
    expect((await b.get('/api/suppression/check?email=blocked@tenant-a.example')).body.suppressed).toBe(false);
    expect((await b.get('/api/suppression')).body.data).toEqual([]);
    expect((await b.get('/api/stop-list')).body.data).toEqual([]);
    expect((await b.post('/api/email-verification/batch', { contactIds: [ids.contact] })).status).toBe(404);
    const src = await b.post('/api/dsar', { type: 'source', email: 'only-a@tenant-a.example' });
    expect(src.body.result.found).toBe(0);
    // An erasure in B touches nothing of A.
    await b.post('/api/dsar', { type: 'erasure', email: 'only-a@tenant-a.example' });
    expect((await a.get(`/api/contacts/${ids.contact}`)).status).toBe(200);
    expect((await a.get(`/api/leads/${ids.lead}/dossier`)).status).toBe(200);
  });

  it("naming A's workspace in X-Tenant-Id does not help B (404)", async () => {
    expect((await b.get(`/api/leads/${ids.lead}/dossier`, { 'x-tenant-id': ids.tenantA })).status).toBe(404);
    expect((await b.get('/api/pipelines', { 'x-tenant-id': ids.tenantA })).status).toBe(404);
    expect((await b.get('/api/suppression', { 'x-tenant-id': ids.tenantA })).status).toBe(404);
  });
});

describe('scopes: crm:read reads, crm:write writes', () => {
  it('a crm:read key lists and reads but gets 403 on every write', async () => {
    expect((await readOnly.get('/api/pipelines')).status).toBe(200);
    expect((await readOnly.get(`/api/pipelines/${ids.pipeline}`)).status).toBe(200);
    expect((await readOnly.get('/api/leads/kanban')).status).toBe(200);
    expect((await readOnly.get(`/api/leads/${ids.lead}/dossier`)).status).toBe(200);
    expect((await readOnly.get('/api/suppression')).status).toBe(200);
    expect((await readOnly.get('/api/stop-list')).status).toBe(200);
    expect((await readOnly.get('/api/dsar')).status).toBe(200);
    const writes: [string, string, unknown?][] = [
      ['POST', '/api/pipelines', { name: 'X' }],
      ['POST', `/api/pipelines/${ids.pipeline}/stages`, { name: 'X' }],
      ['POST', `/api/pipelines/${ids.pipeline}/automations`, { stageId: ids.stage, actions: [{ type: 'note', text: 'x' }] }],
      ['POST', `/api/pipelines/${ids.pipeline}/default`, {}],
      ['DELETE', `/api/pipelines/${ids.pipeline}`],
      ['POST', '/api/leads', { contactId: ids.contact }],
      ['POST', `/api/leads/${ids.lead}/move`, { stageId: ids.stage }],
      ['POST', `/api/leads/${ids.lead}/interest`, { interest: 'low' }],
      ['POST', '/api/suppression', { email: 'x@y.example' }],
      ['DELETE', '/api/suppression/x@y.example'],
      ['POST', '/api/stop-list', { domain: 'y.example' }],
      ['DELETE', '/api/stop-list/y.example'],
      ['POST', '/api/dsar', { type: 'source', email: 'x@y.example' }],
      ['POST', '/api/email-verification/batch', { emails: ['x@y.example'] }],
    ];
    for (const [method, path, body] of writes) {
      const r = await readOnly.call(method, path, body);
      expect([path, r.status, r.body?.code]).toEqual([path, 403, 'insufficient_scope']);
    }
  });
});
