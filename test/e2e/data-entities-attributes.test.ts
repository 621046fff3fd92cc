import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createDocumentClient } from '../../shared/platform/adapters/dynamodb/client.js';
import { declaredEntities } from '../../shared/platform/data/entity.js';
import { credit } from '../../shared/workspace/billing/billing.js';
import { startTenantRuntime } from '../support/accounts.js';
import { sandboxMailbox } from '../support/mail-sandbox.js';
import { client } from '../support/runtime.js';
import { syncInbox } from './dialogs-fixtures.js';

/**
 * Every entity declared with its attributes describes what is really stored: the items the CRM and mailing
 * operations write parse with the entity's schema and carry no attribute it does not declare (keys and
 * stamps aside), and each one's view parses with the entity's output schema, strictly. A Scan is fine
 * here: it reads a fresh test table, never a request path.
 */
let env: Awaited<ReturnType<typeof startTenantRuntime>>;
beforeAll(async () => {
  env = await startTenantRuntime();
});
afterAll(() => env?.rt.stop());

const root = join(import.meta.dirname, '../..');
const entityModules = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? entityModules(p) : f === 'entities.ts' ? [p] : [];
  });
const KEY_ATTRIBUTE = /^(pk|sk|gsi\d+pk|gsi\d+sk|entity|_v)$/;

async function scan(tableName: string) {
  const doc = createDocumentClient({ endpoint: inject('dynamoEndpoint') });
  const out = await doc.send(new ScanCommand({ TableName: tableName, Limit: 1000 }));
  return (out.Items ?? []) as Record<string, unknown>[];
}

/** Writes at least one item of every entity declared with attributes, through the operations. */
async function seed() {
  const { http } = env;
  const ok = async (p: Promise<{ status: number; body: any }>) => {
    const r = await p;
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    return r.body;
  };
  await ok(http.post('/api/companies/custom-fields', { slug: 'staff', label: 'Staff', fieldType: 'number' }));
  const company = await ok(http.post('/api/companies', { name: 'Attr Labs', domain: 'attr.example', customFields: { staff: 12 } }));
  await ok(http.patch(`/api/companies/${company.id}`, { city: 'Riga' }));
  await ok(http.post('/api/companies', { name: 'Bare' }));
  await ok(http.post('/api/companies/import/start', { rows: [{ n: 'Imported', d: 'imported.example' }], mapping: { n: 'name', d: 'domain' } }));
  const contact = await ok(http.post('/api/contacts', { firstName: 'Ann', email: 'ann@attr.example', companyId: company.id }));
  await ok(http.post(`/api/contacts/${contact.id}/channels`, { type: 'phone', value: '+371 2000 0000' }));
  await ok(http.post('/api/contacts', { lastName: 'Dup', email: 'ann@attr.example', source: { kind: 'form', sourceUrl: 'https://attr.example/form' } }));
  await ok(http.patch(`/api/contacts/${contact.id}`, { position: 'CTO', linkedin: 'https://linkedin.example/ann' }));
  await ok(http.post('/api/contacts/import/start', { rows: [{ e: 'ben@attr.example', f: 'Ben' }], mapping: { e: 'email', f: 'firstName' } }));
  // An address without a name: the import names it generic.
  await ok(
    http.post('/api/companies/import/combined', {
      rows: [{ n: 'Role Co', d: 'role.example', e: 'info@role.example' }],
      mapping: { n: 'name', d: 'domain', e: 'c:email' },
    }),
  );
  // An import job (the 202 job form), waited for so that its item carries the result.
  const job = await ok(http.post('/api/contacts/import/start', { rows: [{ e: 'job@attr.example' }], mapping: { e: 'email' } }, { prefer: 'respond-async' }));
  for (let i = 0; i < 120 && (await http.get(`/api/contacts/import/jobs/${job.jobId}`)).body.status !== 'completed'; i++)
    await new Promise((r) => setTimeout(r, 250));
  const clist = await ok(http.post('/api/company-lists', { name: 'Targets', type: 'STATIC' }));
  await ok(http.post(`/api/company-lists/${clist.id}/companies`, { companyIds: [company.id] }));
  await ok(http.post('/api/company-lists', { name: 'Big', type: 'SMART', filters: [{ field: 'city', operator: 'equals', value: 'riga' }] }));
  const tlist = await ok(http.post('/api/contact-lists', { name: 'People' }));
  await ok(http.post(`/api/contact-lists/${tlist.id}/contacts`, { contactIds: [contact.id] }));
  const pipeline = await ok(http.post('/api/pipelines', { name: 'Sales' }));
  const won = pipeline.stages.find((s: { kind: string }) => s.kind === 'won');
  await ok(http.post(`/api/pipelines/${pipeline.id}/automations`, { stageId: won.id, name: 'Celebrate', actions: [{ type: 'note', text: 'Won' }] }));
  await ok(http.post(`/api/pipelines/${pipeline.id}/automations`, { stageId: won.id, actions: [{ type: 'task', title: 'Invoice', dueInDays: 2 }] }));
  await ok(http.post(`/api/pipelines/${pipeline.id}/stages`, { name: 'Negotiation' }));
  const lead = await ok(http.post('/api/leads', { contactId: contact.id, pipelineId: pipeline.id, title: 'Deal', value: 100, currency: 'EUR' }));
  await ok(http.post(`/api/leads/${lead.id}/interest`, { interest: 'high' }));
  await ok(http.post(`/api/leads/${lead.id}/move`, { stageId: won.id }));
  const campaign = await ok(http.post('/api/campaigns', { name: 'Attr campaign', renderMode: 'BYOC' }));
  await ok(http.post(`/api/campaigns/${campaign.id}/pour`, { allContacts: true }));
  await ok(http.post(`/api/campaigns/${campaign.id}/screen`, {}));
  // Mailing: a sender mailbox suspended and resumed, a task approved, one rejected, and a scoring task.
  const box = await ok(http.post('/api/email-accounts', await sandboxMailbox(env.rt.url, 'tasks@sandbox.test', 'Attr')));
  await ok(http.post(`/api/email-accounts/${box.id}/suspend`, {}));
  await ok(http.post(`/api/email-accounts/${box.id}/resume`));
  const creative = await ok(http.post('/api/creatives', { name: 'Intro', subject: 'Hello', bodyHtml: '<p>Hi {{firstName}}</p>' }));
  const mailing = { methodId: 2, creativeId: creative.id, accountId: box.id, contactListId: tlist.id };
  const task = await ok(http.post('/api/tasks', { ...mailing, description: 'Approved' }));
  await ok(http.post(`/api/mailing/${task.id}/approve`, { note: 'Fine' }));
  const rejected = await ok(http.post('/api/tasks', { ...mailing, description: 'Rejected', tracking: false }));
  await ok(http.post(`/api/mailing/${rejected.id}/reject`, { note: 'No' }));
  await ok(http.post('/api/tasks', { methodId: 22, companyListId: clist.id, steps: [{ type: 'DOMAIN_AGE' }] }));
  await seedMailing(ok);
}

/**
 * Dialogs and sequences, in the runtime's mail sandbox: a composed thread answered by its recipient
 * (outbound and inbound messages), a sequence that recipient was enrolled in (step 1 waits a business
 * day, so nothing is sent) and which the answer stopped.
 */
async function seedMailing(ok: (p: Promise<{ status: number; body: any }>) => Promise<any>) {
  const { http } = env;
  const local = client(env.rt.url);
  await credit(env.rt.deps, env.account.tenantId, 5, 'test balance', 'test');
  const mailbox = await ok(http.post('/api/email-accounts', await sandboxMailbox(env.rt.url, 'attr@sandbox.test')));
  await ok(http.patch(`/api/email-accounts/${mailbox.id}`, { dnsAcknowledged: true }));
  await ok(http.put('/api/settings/company-profile', { companyName: 'Attr Labs', physicalAddress: '1 Attr Street, Riga' }));
  const buyer = await ok(http.post('/api/contacts', { firstName: 'Buyer', email: 'buyer@sandbox.test' }));
  const sequence = await ok(
    http.post('/api/sequences', { name: 'Follow-up', accountId: mailbox.id, steps: [{ delayDays: 1, subject: 'Hello', bodyHtml: '<p>Hi {{firstName}}</p>' }] }),
  );
  await ok(http.post(`/api/sequences/${sequence.id}/enroll`, { contactIds: [buyer.id] }));
  await ok(http.post('/api/dialogs/compose', { recipient: buyer.id, accountId: mailbox.id, content: { subject: 'Pricing', bodyHtml: '<p>Hi Buyer</p>' } }));
  const [sent] = (await local.get('/_local/mailbox?address=buyer@sandbox.test')).body.mailboxes[0].messages;
  await ok(local.post('/_local/mailbox/reply', { address: 'buyer@sandbox.test', uid: sent.uid, text: 'Interested, send me the pricing.' }));
  const sync = await ok(syncInbox(http, { accountId: mailbox.id }));
  expect(sync.data[0].outcomes.stored).toBe(1);
}

describe('entities declared with their attributes', () => {
  it('every stored item parses with its entity schema, declares all it stores, and its view parses with the output schema', async () => {
    for (const m of entityModules(join(root, 'shared'))) await import(pathToFileURL(m).href);
    const withAttributes = declaredEntities().filter((e) => e.table === 'tenant' && Object.keys(e.attributes).length > 0);
    expect(withAttributes.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        'company',
        'contact',
        'company_list',
        'contact_list',
        'lead',
        'pipeline',
        'pipeline_stage',
        'pipeline_automation',
        'dialog',
        'dialog_message',
        'sequence',
        'sequence_enrolment',
        'campaign',
        'campaign_activity',
        'import_job',
        'task',
        'email_account',
      ]),
    );
    await seed();
    const items = await scan(env.rt.deps.tenantTable(env.account.tenantId).tableName);
    const problems: string[] = [];
    for (const e of withAttributes) {
      const mine = items.filter((i) => e.is(i));
      if (!mine.length) problems.push(`${e.name}: no stored item (extend seed())`);
      for (const item of mine) {
        const stored = e.schema.safeParse(item);
        if (!stored.success) problems.push(`${e.name} stored: ${stored.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
        const undeclared = Object.keys(item).filter((k) => !KEY_ATTRIBUTE.test(k) && !(k in e.attributes));
        if (undeclared.length) problems.push(`${e.name} stores undeclared ${undeclared.join(', ')}`);
        const view = e.output.strict().safeParse(e.view(item));
        if (!view.success) problems.push(`${e.name} view: ${view.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
      }
    }
    expect(problems).toEqual([]);
    const stored = (name: string, attribute: string) => items.some((i) => i.entity === name && i[attribute] !== undefined);
    // The seed reaches the internal and the rarely written attributes too.
    expect(['importRow', 'generic', 'linkedin'].filter((a) => !stored('contact', a))).toEqual([]);
    expect(['importRow', 'cfIndexSlug', 'version'].filter((a) => !stored('company', a))).toEqual([]);
    expect(stored('pipeline_stage', 'automationCount')).toBe(true);
    expect(['uid', 'classificationMethod', 'smtp'].filter((a) => !stored('dialog_message', a))).toEqual([]);
    expect(stored('sequence_enrolment', 'stopReason') && items.some((i) => i.entity === 'sequence_enrolment' && i.status === 'replied')).toBe(true);
    expect(['stateCounters', 'recipientCount', 'rc_NEW', 'rc_SCREENED'].filter((a) => !stored('campaign', a))).toEqual([]);
    expect(['result', 'finishedAt', 'importId', 'listsInChunks'].filter((a) => !stored('import_job', a))).toEqual([]);
    expect(['approval', 'rejection', 'createdBy', 'steps', 'n_total', 'version'].filter((a) => !stored('task', a))).toEqual([]);
    expect(['smtpPassEnc', 'suspendedAt', 'lastConnectionCheck'].filter((a) => !stored('email_account', a))).toEqual([]);
  });

  it('answers what the old output schemas refused: an unnamed automation (pipelines_get), a card whose contact is gone (kanban)', async () => {
    const { http } = env;
    const pipeline = (await http.post('/api/pipelines', { name: 'Regress' })).body;
    const open = pipeline.stages[0];
    expect((await http.post(`/api/pipelines/${pipeline.id}/automations`, { stageId: open.id, actions: [{ type: 'note', text: 'Hi' }] })).status).toBe(201);
    const got = await http.get(`/api/pipelines/${pipeline.id}`);
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect(got.body.automations[0]).not.toHaveProperty('name');
    const contact = (await http.post('/api/contacts', { firstName: 'Gone', email: 'gone@attr.example' })).body;
    expect((await http.post('/api/leads', { contactId: contact.id, pipelineId: pipeline.id })).status).toBe(201);
    expect((await http.delete(`/api/contacts/${contact.id}`)).status).toBe(200);
    const board = await http.get(`/api/leads/kanban?pipelineId=${pipeline.id}`);
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    expect(board.body.stages[0].leads.map((l: { contact: unknown }) => l.contact)).toEqual([null]);
  });
});
