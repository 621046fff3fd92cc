import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime } from '../support/accounts.js';
import type { client, startTestRuntime } from '../support/runtime.js';
import type { TableStore } from '../../shared/platform/ports/table-store.js';
import { ChannelMarker, CompanyContact, ContactChannel, ContactEntity } from '../../shared/crm/contacts/entities.js';
import { CustomFieldNumber } from '../../shared/crm/custom-fields/entities.js';

/**
 * What the import write path folds into fewer items (issue 15), with every read kept: a channel the
 * contact holds first is indexed by its marker (no channel item), the company link is the contact
 * item's gsi3 entry (no link item), a company's first number value is indexed by the company item (no
 * CFNUM item). Contacts stored the older way (link item, no gsi3 entry) are still listed.
 */
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let api: ReturnType<typeof client>;
let table: TableStore;

beforeAll(async () => {
  const started = await startTenantRuntime();
  ({ rt, http: api } = started);
  table = rt.deps.tenantTable(started.account.tenantId);
  for (const slug of ['employees', 'revenue'])
    expect((await api.post('/api/companies/custom-fields', { slug, label: slug, fieldType: 'number' })).status).toBe(201);
});
afterAll(() => rt?.stop());

const ids = (r: { body: { data: { id: string }[] } }) => r.body.data.map((x) => x.id);
const numberItem = (ownerId: string, slug: string) => table.get(CustomFieldNumber.key({ owner: 'company', ownerId, slug }));

describe('folded storage of contacts, channels, links and number indexes', () => {
  it('a combined import writes company, marker, contact, marker per row; channel, company and number reads still answer', async () => {
    const r = await api.post('/api/companies/import/combined', {
      rows: [
        { Company: 'Fold A', Site: 'fold-a.example', Email: 'same@fold.example', Staff: '30' },
        { Company: 'Fold B', Site: 'fold-b.example', Email: 'b@fold-b.example', Staff: '10' },
        { Company: 'Fold C', Site: 'fold-c.example', Email: 'same@fold.example', Staff: '20' },
      ],
      mapping: { Company: 'name', Site: 'domain', Email: 'c:email', Staff: 'cf:employees' },
      options: { dedupeBy: 'domain' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ created: 3, contactsCreated: 3, errors: [] });
    const [a, b, c] = r.body.createdIds as string[];
    const contactOf = async (companyId: string) => (await api.get(`/api/contacts?companyId=${companyId}`)).body.data as any[];
    const [ca, cb, cc] = [(await contactOf(a))[0], (await contactOf(b))[0], (await contactOf(c))[0]];
    expect(cc.channels[0].duplicateOf).toBe(ca.id);

    // No channel item for a first holder (its marker indexes it), one for the duplicate; no link items; no CFNUM items.
    expect(await table.get(ContactChannel.key({ contactId: ca.id, type: 'email', value: 'same@fold.example' }))).toBeUndefined();
    expect(await table.get(ContactChannel.key({ contactId: cb.id, type: 'email', value: 'b@fold-b.example' }))).toBeUndefined();
    expect(await table.get(ContactChannel.key({ contactId: cc.id, type: 'email', value: 'same@fold.example' }))).toBeDefined();
    expect(await table.batchGet([a, b, c].map((companyId, i) => CompanyContact.key({ companyId, contactId: [ca, cb, cc][i].id })))).toEqual([]);
    for (const id of [a, b, c]) expect(await numberItem(id, 'employees')).toBeUndefined();

    // Reads: holders of a value (owner first), contacts filter of companies, number sort and range.
    expect(ids(await api.get('/api/contacts?email=same@fold.example'))).toEqual([ca.id, cc.id]);
    const byContacts = await api.get(
      `/api/companies?filters=${encodeURIComponent(JSON.stringify([{ field: 'contacts', operator: 'contains', value: 'b@fold-b' }]))}`,
    );
    expect(ids(byContacts)).toEqual([b]);
    expect(ids(await api.get('/api/companies?sort=cf_employees'))).toEqual([b, c, a]);
    const range = await api.get(`/api/companies?filters=${encodeURIComponent(JSON.stringify([{ field: 'cf_employees', operator: 'gt', value: 15 }]))}`);
    expect(ids(range).sort()).toEqual([a, c].sort());

    // The first holder leaves: the duplicate inherits the marker, which now indexes it (its channel item goes).
    expect((await api.delete(`/api/contacts/${ca.id}`)).status).toBe(200);
    expect(await table.get(ChannelMarker.key({ type: 'email', value: 'same@fold.example' }))).toMatchObject({ contactId: cc.id });
    expect(await table.get(ContactChannel.key({ contactId: cc.id, type: 'email', value: 'same@fold.example' }))).toBeUndefined();
    expect(ids(await api.get('/api/contacts?email=same@fold.example'))).toEqual([cc.id]);
    expect((await api.get(`/api/contacts/${cc.id}`)).body.channels[0].duplicateOf).toBeUndefined();
  });

  it('the company item indexes one number value; the others are CFNUM items; a cleared value hands the item over', async () => {
    const x = (await api.post('/api/companies', { name: 'Two numbers X', customFields: { employees: 5, revenue: 700 } })).body.id as string;
    const y = (await api.post('/api/companies', { name: 'Two numbers Y', customFields: { employees: 6, revenue: 600 } })).body.id as string;
    expect(await numberItem(x, 'employees')).toBeUndefined();
    expect(await numberItem(x, 'revenue')).toMatchObject({ value: 700 });
    const sorted = async (slug: string) => ids(await api.get(`/api/companies?sort=cf_${slug}&pageSize=200`)).filter((id) => id === x || id === y);
    expect(await sorted('employees')).toEqual([x, y]);
    expect(await sorted('revenue')).toEqual([y, x]);

    expect((await api.patch(`/api/companies/${x}`, { customFields: { employees: null } })).status).toBe(200);
    expect(await numberItem(x, 'revenue')).toBeUndefined(); // now indexed by the company item
    expect(await sorted('employees')).toEqual([y]);
    expect(await sorted('revenue')).toEqual([y, x]);
    expect((await api.patch(`/api/companies/${x}`, { customFields: { revenue: 500, employees: 9 } })).status).toBe(200);
    expect(await numberItem(x, 'employees')).toMatchObject({ value: 9 });
    expect(await sorted('employees')).toEqual([y, x]);
    expect(await sorted('revenue')).toEqual([x, y]);
    expect((await api.delete(`/api/companies/${x}`)).status).toBe(200);
    expect(await numberItem(x, 'employees')).toBeUndefined();
    expect(await sorted('revenue')).toEqual([y]);
  });

  it('contacts linked the older way (a link item, no gsi3 entry) are listed after the indexed ones and move to the index on a name change', async () => {
    const co = (await api.post('/api/companies', { name: 'Legacy links' })).body.id as string;
    const fresh = (await api.post('/api/contacts', { firstName: 'New', email: 'new@legacy.example', companyId: co })).body.id as string;
    const old = (await api.post('/api/contacts', { firstName: 'Old', email: 'old@legacy.example' })).body.id as string;
    // As the contact code before the gsi3 index stored a link.
    await table.update(ContactEntity.key({ contactId: old }), { set: { companyId: co } });
    await table.put(CompanyContact.item({ companyId: co, contactId: old }, { contactId: old, companyId: co, firstName: 'Old', email: 'old@legacy.example' }));

    expect(ids(await api.get(`/api/contacts?companyId=${co}`))).toEqual([fresh, old]);
    const first = await api.get(`/api/contacts?companyId=${co}&pageSize=1`);
    expect(ids(first)).toEqual([fresh]);
    const second = await api.get(`/api/contacts?companyId=${co}&pageSize=1&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(ids(second)).toEqual([old]);
    const contactsFilter = (v: string) =>
      `/api/companies?filters=${encodeURIComponent(JSON.stringify([{ field: 'contacts', operator: 'contains', value: v }]))}`;
    expect(ids(await api.get(contactsFilter('old@legacy')))).toEqual([co]);

    expect((await api.patch(`/api/contacts/${old}`, { firstName: 'Renamed' })).status).toBe(200);
    expect(await table.get(CompanyContact.key({ companyId: co, contactId: old }))).toBeUndefined();
    expect(ids(await api.get(`/api/contacts?companyId=${co}`))).toEqual([fresh, old]);
    expect(ids(await api.get(contactsFilter('Renamed')))).toEqual([co]);
    expect((await api.patch(`/api/contacts/${old}`, { companyId: null })).status).toBe(200);
    expect(ids(await api.get(`/api/contacts?companyId=${co}`))).toEqual([fresh]);
  });
});
