import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestRuntime } from '../support/runtime.js';
import { createApprovedAccount } from '../support/accounts.js';
import { createLead } from '../../shared/crm/leads/leads.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;

beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.stop());

async function workspace() {
  const acc = await createApprovedAccount(rt.deps);
  const http = client(rt.url, { key: acc.apiKey });
  const contact = async () => (await http.post('/api/contacts', { firstName: 'Kim', email: `k${Math.random().toString(36).slice(2)}@lead.example` })).body;
  return { ...acc, http, contact };
}

const outbox = async (tenantId: string) => (await rt.deps.tenantTable(tenantId).query({ pk: 'EVENT', limit: 500 })).items as any[];

describe('automations', () => {
  it('fire on entering the stage: task and note on the timeline, a notification, a custom event, in the move transaction', async () => {
    const w = await workspace();
    const p = (await w.http.get('/api/pipelines')).body.data[0];
    const qualified = p.stages.find((s: any) => s.name === 'Qualified');
    const a = await w.http.post(`/api/pipelines/${p.id}/automations`, {
      stageId: qualified.id,
      name: 'On qualified',
      actions: [
        { type: 'task', title: 'Book a demo', dueInDays: 2 },
        { type: 'note', text: 'Qualified by the pipeline' },
        { type: 'notify', title: 'Lead qualified', message: 'Someone is qualified' },
        { type: 'event', name: 'lead.qualified' },
      ],
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ stageId: qualified.id, trigger: 'stage_entered' });
    expect((await w.http.get(`/api/pipelines/${p.id}`)).body.automations).toHaveLength(1);

    const lead = (await w.http.post('/api/leads', { contactId: (await w.contact()).id })).body;
    expect(lead.automationsFired).toEqual([]); // New has no automation
    const before = rt.deps.clock.now();
    const m = await w.http.post(`/api/leads/${lead.id}/move`, { stageId: qualified.id });
    expect(m.status).toBe(200);
    expect(m.body.automationsFired.map((f: any) => f.type)).toEqual(['task', 'note', 'notify', 'event']);

    const d = (await w.http.get(`/api/leads/${lead.id}/dossier`)).body;
    const kinds = d.activity.map((x: any) => x.kind);
    expect(kinds).toEqual(expect.arrayContaining(['task', 'note', 'event', 'moved', 'created']));
    const task = d.activity.find((x: any) => x.kind === 'task');
    expect(task).toMatchObject({ title: 'Book a demo', status: 'open', automationId: a.body.id });
    expect(Date.parse(task.dueAt) - before).toBeGreaterThan(2 * 86_400_000 - 60_000);
    expect(d.activity.find((x: any) => x.kind === 'event')).toMatchObject({ name: 'lead.qualified', leadId: lead.id });
    const notes = (await w.http.get('/api/notifications?kind=lead_automation')).body.data;
    expect(notes[0]).toMatchObject({ kind: 'lead_automation', title: 'Lead qualified', message: 'Someone is qualified' });

    // Entering the stage again (after leaving it) fires again; staying does not.
    await w.http.post(`/api/leads/${lead.id}/move`, { stageId: qualified.id });
    expect((await w.http.get('/api/notifications?kind=lead_automation')).body.data).toHaveLength(1);
    await w.http.post(`/api/leads/${lead.id}/move`, { stageId: p.stages[0].id });
    await w.http.post(`/api/leads/${lead.id}/move`, { stageId: qualified.id });
    expect((await w.http.get('/api/notifications?kind=lead_automation')).body.data).toHaveLength(2);
  });

  it('also fire when a lead is created straight into the stage', async () => {
    const w = await workspace();
    const p = (await w.http.get('/api/pipelines')).body.data[0];
    await w.http.post(`/api/pipelines/${p.id}/automations`, { stageId: p.stages[0].id, actions: [{ type: 'task', title: 'First call' }] });
    // An automation without a name is read back through pipelines_get (its output schema once demanded a name).
    const read = await w.http.get(`/api/pipelines/${p.id}`);
    expect(read.status).toBe(200);
    expect(read.body.automations).toEqual([expect.objectContaining({ stageId: p.stages[0].id, actions: [{ type: 'task', title: 'First call' }] })]);
    expect(read.body.automations[0]).not.toHaveProperty('name');
    const lead = (await w.http.post('/api/leads', { contactId: (await w.contact()).id })).body;
    expect(lead.automationsFired).toEqual([expect.objectContaining({ type: 'task' })]);
    const d = (await w.http.get(`/api/leads/${lead.id}/dossier`)).body;
    expect(d.activity.find((x: any) => x.kind === 'task')).toMatchObject({ title: 'First call' });
  });

  it('validates definitions; 404 for unknown pipeline or stage', async () => {
    const w = await workspace();
    const p = (await w.http.get('/api/pipelines')).body.data[0];
    const s = p.stages[0].id;
    expect((await w.http.post(`/api/pipelines/${p.id}/automations`, { stageId: s, actions: [] })).status).toBe(400);
    expect((await w.http.post(`/api/pipelines/${p.id}/automations`, { stageId: s, actions: [{ type: 'email' }] })).status).toBe(400);
    expect((await w.http.post(`/api/pipelines/${p.id}/automations`, { stageId: s, actions: [{ type: 'task' }] })).status).toBe(400);
    expect((await w.http.post(`/api/pipelines/${p.id}/automations`, { stageId: s, actions: [{ type: 'event', name: 'Bad Name' }] })).status).toBe(400);
    expect((await w.http.post(`/api/pipelines/${p.id}/automations`, { stageId: 'nope', actions: [{ type: 'note', text: 'x' }] })).status).toBe(404);
    expect((await w.http.post('/api/pipelines/nope/automations', { stageId: s, actions: [{ type: 'note', text: 'x' }] })).status).toBe(404);
  });
});

describe('default pipeline', () => {
  it("without a default: 400 'no default pipeline; call pipelines_create'; pipelines_create restores one", async () => {
    const w = await workspace();
    const p = (await w.http.get('/api/pipelines')).body.data[0];
    expect((await w.http.delete(`/api/pipelines/${p.id}`)).status).toBe(200);
    expect((await w.http.get('/api/pipelines')).body.data).toEqual([]);
    const c = await w.contact();
    const r = await w.http.post('/api/leads', { contactId: c.id });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('no default pipeline; call pipelines_create');
    expect((await w.http.get('/api/leads/kanban')).body.message).toBe('no default pipeline; call pipelines_create');
    expect((await outbox(w.tenantId)).filter((e) => e.data.contactId === c.id)).toEqual([]);
    const fresh = await w.http.post('/api/pipelines', { name: 'Again' });
    expect(fresh.body.isDefault).toBe(true);
    expect((await w.http.post('/api/leads', { contactId: c.id })).body.pipelineId).toBe(fresh.body.id);
  });

  it('a non-default pipeline can be made the default; a pipeline with leads cannot be deleted', async () => {
    const w = await workspace();
    const second = (await w.http.post('/api/pipelines', { name: 'Second', isDefault: false })).body;
    expect(second.isDefault).toBe(false);
    expect((await w.http.post(`/api/pipelines/${second.id}/default`)).body.isDefault).toBe(true);
    const lead = (await w.http.post('/api/leads', { contactId: (await w.contact()).id })).body;
    expect(lead.pipelineId).toBe(second.id);
    expect((await w.http.delete(`/api/pipelines/${second.id}`)).status).toBe(409);
    const list = (await w.http.get('/api/pipelines')).body.data;
    expect(list.filter((x: any) => x.isDefault).map((x: any) => x.id)).toEqual([second.id]);
    expect(list.find((x: any) => x.id === second.id).leadCount).toBe(1);
  });
});

describe('createLead (domain function for the form-builder connector)', () => {
  it('creates the lead, its lead.created event in the same write, and a lead.won for a won stage', async () => {
    const w = await workspace();
    const c = await w.contact();
    const table = rt.deps.tenantTable(w.tenantId);
    const lead = await createLead(rt.deps, { tenantId: w.tenantId, table }, { contactId: c.id, source: 'form', sourceRef: 'sub-1' });
    expect(lead).toMatchObject({ contactId: c.id, source: 'form', sourceRef: 'sub-1', status: 'open' });
    const p = (await w.http.get('/api/pipelines')).body.data[0];
    const won = await createLead(rt.deps, { tenantId: w.tenantId, table }, { contactId: c.id, stageId: p.stages.find((s: any) => s.kind === 'won').id });
    expect(won.status).toBe('won');
    const kinds = (await outbox(w.tenantId))
      .filter((e) => e.data.leadId === won.id)
      .map((e) => e.kind)
      .sort();
    expect(kinds).toEqual(['lead.created', 'lead.won']);
    await expect(createLead(rt.deps, { tenantId: w.tenantId, table }, { contactId: 'missing' })).rejects.toMatchObject({ status: 404 });
  });
});
