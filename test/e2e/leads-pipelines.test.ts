import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestRuntime } from '../support/runtime.js';
import { startTenantRuntime } from '../support/accounts.js';
import { createContact } from '../../shared/crm/contacts/contacts.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let http: ReturnType<typeof client>;
let tenantId: string;

beforeAll(async () => {
  ({
    rt,
    http,
    account: { tenantId },
  } = await startTenantRuntime());
});
afterAll(() => rt?.stop());

const contact = async (email = `p${Math.random().toString(36).slice(2)}@acme.example`) =>
  createContact(rt.deps.tenantTable(tenantId), { firstName: 'Ann', lastName: 'Lee', email }, rt.deps.clock.now());

const outbox = async () => (await rt.deps.tenantTable(tenantId).query({ pk: 'EVENT', limit: 500 })).items;

describe('pipelines', () => {
  it('a new tenant has a default pipeline New, Contacted, Qualified, Won, Lost', async () => {
    const r = await http.get('/api/pipelines');
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(1);
    const p = r.body.data[0];
    expect(p.isDefault).toBe(true);
    expect(p.stages.map((s: any) => [s.name, s.kind, s.position])).toEqual([
      ['New', 'open', 0],
      ['Contacted', 'open', 1],
      ['Qualified', 'open', 2],
      ['Won', 'won', 3],
      ['Lost', 'lost', 4],
    ]);
    expect(r.body.nextCursor).toBeNull();
  });

  it('creates a pipeline (not default while one exists) and adds stages in order', async () => {
    const c = await http.post('/api/pipelines', { name: 'Partners', stages: [{ name: 'Intro' }, { name: 'Signed', kind: 'won' }] });
    expect(c.status).toBe(201);
    expect(c.body.isDefault).toBe(false);
    const s = await http.post(`/api/pipelines/${c.body.id}/stages`, { name: 'Demo' });
    expect(s.status).toBe(201);
    expect(s.body.position).toBe(1); // before the first closing stage
    const s2 = await http.post(`/api/pipelines/${c.body.id}/stages`, { name: 'First', position: 0 });
    expect(s2.body.position).toBe(0);
    const dup = await http.post(`/api/pipelines/${c.body.id}/stages`, { name: 'demo' });
    expect(dup.status).toBe(409);
    const g = await http.get(`/api/pipelines/${c.body.id}`);
    expect(g.body.stages.map((x: any) => x.name)).toEqual(['First', 'Intro', 'Demo', 'Signed']);
    expect(g.body.automations).toEqual([]);
  });

  it('validates bodies (strict, kinds, at least one open stage)', async () => {
    expect((await http.post('/api/pipelines', { name: 'X', color: 'red' })).body.message).toEqual(['property color should not exist']);
    expect((await http.post('/api/pipelines', { name: 'X', stages: [{ name: 'A', kind: 'maybe' }] })).status).toBe(400);
    expect((await http.post('/api/pipelines', { name: 'X', stages: [{ name: 'W', kind: 'won' }] })).status).toBe(400);
    expect((await http.post('/api/pipelines', { name: 'X', stages: [{ name: 'A' }, { name: 'a' }] })).status).toBe(400);
    expect((await http.post('/api/pipelines', {})).status).toBe(400);
    expect((await http.get('/api/pipelines?cursor=garbage')).status).toBe(400);
    expect((await http.post('/api/pipelines/nope/stages', { name: 'A' })).status).toBe(404);
  });
});

describe('leads', () => {
  it('creates a lead in the default pipeline, first open stage, with lead.created in the outbox', async () => {
    const ct = await contact();
    const r = await http.post('/api/leads', { contactId: ct.id, title: 'Deal', value: 1200, currency: 'EUR' });
    expect(r.status).toBe(201);
    const p = (await http.get('/api/pipelines')).body.data.find((x: any) => x.isDefault);
    expect(r.body.pipelineId).toBe(p.id);
    expect(r.body.stageId).toBe(p.stages[0].id);
    expect(r.body.status).toBe('open');
    const empty = await http.post('/api/leads', { contactId: ct.id, pipelineId: '' });
    expect([empty.status, empty.body.pipelineId]).toEqual([201, p.id]);
    const events = (await outbox()).filter((e: any) => e.data.leadId === r.body.id);
    expect(events.map((e: any) => e.kind)).toEqual(['lead.created']); // one per lead
    // Written with the change; the webhook dispatcher may already have picked it up.
    expect(['PENDING', 'DISPATCHED']).toContain(events[0].status);
    expect(events[0]).toMatchObject({ tenantId, data: { leadId: r.body.id, contactId: ct.id, pipelineId: p.id, stageId: p.stages[0].id } });
  });

  it('404 for an unknown contact, pipeline or stage; 400 on bad input', async () => {
    expect((await http.post('/api/leads', { contactId: 'nope' })).status).toBe(404);
    const ct = await contact();
    expect((await http.post('/api/leads', { contactId: ct.id, pipelineId: 'nope' })).status).toBe(404);
    expect((await http.post('/api/leads', { contactId: ct.id, pipelineId: 'no such pipeline #1' })).status).toBe(404);
    expect((await http.post('/api/leads', { contactId: ct.id, pipelineId: 42 })).status).toBe(400);
    expect((await http.post('/api/leads', { contactId: ct.id, stageId: 'nope' })).status).toBe(404);
    expect((await http.post('/api/leads', { contactId: ct.id, extra: 1 })).body.message).toEqual(['property extra should not exist']);
    expect((await http.post('/api/leads', { contactId: ct.id, currency: 'euro' })).status).toBe(400);
    expect((await http.post('/api/leads', {})).status).toBe(400);
    expect((await outbox()).filter((e: any) => e.data.contactId === ct.id)).toEqual([]);
  });

  it('moves through stages: lead.moved, lead.won / lead.lost, reopen; same stage is a no-op', async () => {
    const ct = await contact();
    const lead = (await http.post('/api/leads', { contactId: ct.id })).body;
    const p = (await http.get(`/api/pipelines/${lead.pipelineId}`)).body;
    const [, contacted, , won, lost] = p.stages;
    const m1 = await http.post(`/api/leads/${lead.id}/move`, { stageId: contacted.id });
    expect(m1.status).toBe(200);
    expect(m1.body).toMatchObject({ stageId: contacted.id, status: 'open', moved: true });
    const same = await http.post(`/api/leads/${lead.id}/move`, { stageId: contacted.id });
    expect(same.body.moved).toBe(false);
    const m2 = await http.post(`/api/leads/${lead.id}/move`, { stageId: won.id });
    expect(m2.body).toMatchObject({ status: 'won' });
    expect(m2.body.closedAt).toBeTruthy();
    const m3 = await http.post(`/api/leads/${lead.id}/move`, { stageId: lost.id });
    expect(m3.body.status).toBe('lost');
    const m4 = await http.post(`/api/leads/${lead.id}/move`, { stageId: contacted.id });
    expect(m4.body).toMatchObject({ status: 'open', closedAt: null });
    const kinds = (await outbox()).filter((e: any) => e.data.leadId === lead.id).map((e: any) => e.kind);
    expect(kinds.sort()).toEqual(['lead.created', 'lead.lost', 'lead.moved', 'lead.moved', 'lead.moved', 'lead.moved', 'lead.won'].sort());
  });

  it('refuses a stage of another pipeline (404) and unknown leads (404)', async () => {
    const ct = await contact();
    const lead = (await http.post('/api/leads', { contactId: ct.id })).body;
    const other = (await http.post('/api/pipelines', { name: 'Other' })).body;
    expect((await http.post(`/api/leads/${lead.id}/move`, { stageId: other.stages[1].id })).status).toBe(404);
    expect((await http.post('/api/leads/nope/move', { stageId: other.stages[1].id })).status).toBe(404);
    expect((await http.post(`/api/leads/${lead.id}/move`, {})).status).toBe(400);
  });

  it('sets interest and shows it in the dossier with contact and activity', async () => {
    const ct = await contact();
    const lead = (await http.post('/api/leads', { contactId: ct.id })).body;
    const r = await http.post(`/api/leads/${lead.id}/interest`, { interest: 'high', note: 'asked for pricing' });
    expect(r.status).toBe(200);
    expect(r.body.interest).toBe('high');
    expect((await http.post(`/api/leads/${lead.id}/interest`, { interest: 'lukewarm' })).status).toBe(400);
    const d = await http.get(`/api/leads/${lead.id}/dossier`);
    expect(d.status).toBe(200);
    expect(d.body.lead.interest).toBe('high');
    expect(d.body.contact).toMatchObject({ id: ct.id, firstName: 'Ann', email: ct.email });
    expect(d.body.stage.name).toBe('New');
    expect(d.body.activity.map((a: any) => a.kind)).toEqual(['interest', 'created']);
    expect(d.body.activity[0]).toMatchObject({ from: 'unknown', to: 'high', note: 'asked for pricing' });
    expect((await http.get('/api/leads/nope/dossier')).status).toBe(404);
  });

  it('shows the company in the dossier, and a contact reached only by phone (the output contract holds for both)', async () => {
    const company = (await http.post('/api/companies', { name: 'Dossier Co', domain: `d${Math.random().toString(36).slice(2)}.example` })).body;
    const ct = (await http.post('/api/contacts', { firstName: 'Pat', companyId: company.id, phone: '+442071838750' })).body;
    const lead = (await http.post('/api/leads', { contactId: ct.id })).body;
    const d = await http.get(`/api/leads/${lead.id}/dossier`);
    expect(d.status).toBe(200);
    expect(d.body.company).toMatchObject({ id: company.id, name: 'Dossier Co' });
    expect(d.body.contact).toMatchObject({ id: ct.id, firstName: 'Pat' });
    expect(d.body.contact.email).toBeUndefined();
  });

  it('kanban lists stages with leads, paged per stage', async () => {
    const p = (await http.post('/api/pipelines', { name: 'Board', stages: [{ name: 'A' }, { name: 'B' }, { name: 'Done', kind: 'won' }] })).body;
    for (let i = 0; i < 3; i++) await http.post('/api/leads', { contactId: (await contact()).id, pipelineId: p.id });
    const b = await http.post('/api/leads', { contactId: (await contact()).id, pipelineId: p.id, stageId: p.stages[1].id });
    const k = await http.get(`/api/leads/kanban?pipelineId=${p.id}&pageSize=2`);
    expect(k.status).toBe(200);
    expect(k.body.stages.map((s: any) => [s.name, s.leads.length, s.leadCount])).toEqual([
      ['A', 2, 3],
      ['B', 1, 1],
      ['Done', 0, 0],
    ]);
    expect(k.body.stages[1].leads[0]).toMatchObject({ id: b.body.id, contact: { firstName: 'Ann' } });
    const cur = k.body.stages[0].nextCursor;
    expect(cur).toBeTruthy();
    const next = await http.get(`/api/leads/kanban?pipelineId=${p.id}&stageId=${p.stages[0].id}&pageSize=2&cursor=${encodeURIComponent(cur)}`);
    expect(next.body.stages).toHaveLength(1);
    expect(next.body.stages[0].leads).toHaveLength(1);
    expect(next.body.stages[0].nextCursor).toBeNull();
    expect((await http.get(`/api/leads/kanban?pipelineId=${p.id}&cursor=${encodeURIComponent(cur)}`)).status).toBe(400);
    expect((await http.get(`/api/leads/kanban?pipelineId=${p.id}&stageId=${p.stages[1].id}&cursor=${encodeURIComponent(cur)}`)).status).toBe(400);
    expect((await http.get('/api/leads/kanban?pageSize=0')).status).toBe(400);
    const def = await http.get('/api/leads/kanban');
    expect(def.body.pipeline.isDefault).toBe(true);
  });
});
