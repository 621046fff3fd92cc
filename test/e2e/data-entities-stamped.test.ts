import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createDocumentClient } from '../../shared/platform/adapters/dynamodb/client.js';
import { startTenantRuntime } from '../support/accounts.js';

// Every item the CRM operations write carries `entity` and `_v` (Entity.item). A Scan is fine here: it
// reads a fresh test table, never a request path.
let env: Awaited<ReturnType<typeof startTenantRuntime>>;
beforeAll(async () => {
  env = await startTenantRuntime();
});
afterAll(() => env?.rt.stop());

async function scan(tableName: string) {
  const doc = createDocumentClient({ endpoint: inject('dynamoEndpoint') });
  const out = await doc.send(new ScanCommand({ TableName: tableName, Limit: 1000 }));
  return (out.Items ?? []) as Record<string, unknown>[];
}

describe('items written carry their entity', () => {
  it('companies, contacts, lists, custom fields, pipelines, leads, notifications, audience', async () => {
    const { http } = env;
    expect((await http.post('/api/companies/custom-fields', { slug: 'revenue', label: 'Revenue', fieldType: 'number' })).status).toBe(201);
    expect((await http.post('/api/companies/custom-fields', { slug: 'staff', label: 'Staff', fieldType: 'number' })).status).toBe(201);
    // Two number values: the first rides on the company item's index entry, the second is a custom_field_number item.
    const company = (await http.post('/api/companies', { name: 'C# Labs', customFields: { revenue: 5, staff: 40 } })).body;
    expect(company.id).toBeTruthy();
    const contact = (await http.post('/api/contacts', { firstName: 'Ann', email: 'ann@c.example', companyId: company.id })).body;
    expect(contact.id).toBeTruthy();
    // A second holder of the address (duplicateOf) keeps a CHANNEL item of its own.
    expect((await http.post('/api/contacts', { firstName: 'Ann B', email: 'ann@c.example' })).status).toBe(201);
    const clist = (await http.post('/api/company-lists', { name: 'Targets', type: 'STATIC' })).body;
    await http.post(`/api/company-lists/${clist.id}/companies`, { companyIds: [company.id] });
    const tlist = (await http.post('/api/contact-lists', { name: 'People' })).body;
    await http.post(`/api/contact-lists/${tlist.id}/contacts`, { contactIds: [contact.id] });
    const pipelines = (await http.get('/api/pipelines')).body.data;
    await http.post('/api/leads', { contactId: contact.id, pipelineId: pipelines[0].id });
    await http.post('/api/notifications/self-note', { title: 'Hi', message: 'there' });
    expect((await http.post('/api/suppression', { email: 'gone@c.example' })).status).toBeLessThan(300);
    // An imported company deleted leaves a claim at its derived id (docs/imports.md).
    const imported = await http.post('/api/companies/import/start', { rows: [{ n: 'Claimed', d: 'claimed.example' }], mapping: { n: 'name', d: 'domain' } });
    expect((await http.delete(`/api/companies/${imported.body.createdIds[0]}`)).status).toBe(200);

    const items = await scan(env.rt.deps.tenantTable(env.account.tenantId).tableName);
    const mine = items.filter((i) => !String(i.pk).startsWith('EVENT') && !String(i.pk).startsWith('IDEM'));
    expect(mine.length).toBeGreaterThan(10);
    const unstamped = mine.filter((i) => typeof i.entity !== 'string' || typeof i._v !== 'number').map((i) => `${i.pk} / ${i.sk}`);
    expect(unstamped).toEqual([]);
    const kinds = new Set(mine.map((i) => i.entity));
    // A contact's company link is the contact's own index entry now (docs/imports.md, "folded"); only
    // links written before that are company_contact items, so that kind is not expected here.
    const expected = [
      'company',
      'contact',
      'channel',
      'channel_marker',
      'company_list',
      'company_list_member',
      'contact_list',
      'contact_list_member',
      'custom_field',
      'custom_field_number',
      'pipeline',
      'pipeline_stage',
      'pipeline_stage_name',
      'default_pipeline',
      'lead',
      'lead_activity',
      'notification',
      'suppression',
      'company_key_claim',
    ];
    expect(expected.filter((k) => !kinds.has(k))).toEqual([]);
  });
});
