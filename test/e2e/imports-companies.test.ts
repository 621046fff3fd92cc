import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestRuntime } from '../support/runtime.js';
import { otherTenantClient, startTenantRuntime } from '../support/accounts.js';
import type { TableStore } from '../../shared/platform/ports/table-store.js';
import { CompanyEntity, derivedCompanyId } from '../../shared/crm/companies/entities.js';
import { ImportMarker } from '../../shared/crm/imports/entities.js';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let api: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let table: TableStore;

beforeAll(async () => {
  let account: { tenantId: string };
  ({ rt, http: api, account } = await startTenantRuntime());
  table = rt.deps.tenantTable(account.tenantId);
  other = await otherTenantClient(rt);
  expect((await api.post('/api/companies/custom-fields', { slug: 'revenue', label: 'Revenue', fieldType: 'number' })).status).toBe(201);
  expect((await api.post('/api/companies/custom-fields', { slug: 'segment', label: 'Segment', fieldType: 'text' })).status).toBe(201);
});
afterAll(() => rt?.stop());

const mapping = { Name: 'name', Site: 'domain', INN: 'inn', Email: 'c:email', First: 'c:firstName', Rev: 'cf:revenue', Seg: 'cf:segment' };
const allCompanies = async () => {
  const out: any[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 20; i++) {
    const p: any = await api.get(`/api/companies?pageSize=200${cursor ? `&cursor=${cursor}` : ''}`);
    out.push(...p.body.data);
    cursor = p.body.nextCursor;
    if (!cursor) break;
  }
  return out;
};
const contactsOf = async (companyId: string) => (await api.get(`/api/contacts?companyId=${companyId}&pageSize=100`)).body.data;

describe('company import', () => {
  it('preview writes nothing and reports the per-row plan', async () => {
    const before = (await allCompanies()).length;
    const r = await api.post('/api/companies/import/preview', {
      rows: [{ Name: 'P1', Site: 'https://www.preview-one.com/x' }, { Name: 'P1 again', Site: 'PREVIEW-ONE.com' }, { Name: '' }],
      mapping,
      options: { duplicateHandling: 'skip' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ preview: true, created: 1, skipped: 1, updated: 0, createdIds: [] });
    expect(r.body.rows).toEqual([
      { index: 0, outcome: 'create' },
      { index: 1, outcome: 'skip', duplicateOfRow: 0, matchedBy: 'domain#preview-one.com' },
    ]);
    expect(r.body.errors).toEqual([{ index: 2, reason: 'name is required' }]);
    expect((await allCompanies()).length).toBe(before);
    expect((await api.post('/api/companies/import/combined', { rows: [{ Name: 'P1', Site: 'preview-one.com' }], mapping })).body.created).toBe(1);
  });

  it('dedupes by normalised domain (scheme, www, path, port, case, IDN) and never by name', async () => {
    const r = await api.post('/api/companies/import/start', {
      rows: [
        { Name: 'Norm', Site: 'https://www.Norm-Co.com/about' },
        { Name: 'Norm 2', Site: 'http://norm-co.com:8080' },
        { Name: 'Norm 3', Site: 'NORM-CO.COM.' },
        { Name: 'IDN', Site: 'https://www.Пример-импорт.рф/' },
        { Name: 'IDN 2', Site: 'xn----ctbfgbcg2akf5a.xn--p1ai'.replace('xn----ctbfgbcg2akf5a', new URL('http://пример-импорт.рф').hostname.split('.')[0]) },
        { Name: 'Norm' },
        { Name: 'Norm' },
      ],
      mapping: { Name: 'name', Site: 'domain' },
      options: { dedupeBy: 'domain' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ created: 4, skipped: 3, updated: 0, errors: [] });
    const names = (await allCompanies()).filter((c) => c.name.startsWith('Norm') || c.name.startsWith('IDN')).map((c) => [c.name, c.domain]);
    expect(names).toEqual(
      expect.arrayContaining([
        ['Norm', 'norm-co.com'],
        ['IDN', new URL('http://пример-импорт.рф').hostname],
      ]),
    );
    expect(names.filter(([n]) => n === 'Norm')).toHaveLength(3); // same name, no domain: never deduped by name
    const again = await api.post('/api/companies/import/start', {
      rows: [{ Name: 'Other name', Site: 'www.norm-co.com' }],
      mapping: { Name: 'name', Site: 'domain' },
    });
    expect(again.body).toMatchObject({ created: 0, skipped: 1 });
  });

  it('dedupes by checksum-valid INN; an invalid INN is a row error and the other rows go on', async () => {
    const r = await api.post('/api/companies/import/start', {
      rows: [
        { Name: 'Sber', INN: '7707083893' },
        { Name: 'Sber copy', INN: '7707 083 893', Site: 'sber-copy.ru' },
        { Name: 'Bad INN', INN: '7707083894' },
        { Name: 'Person INN', INN: '500100732259' },
        { Name: 'Bad 12', INN: '500100732258' },
        { Name: 'Bad domain', Site: 'not a domain' },
      ],
      mapping: { Name: 'name', INN: 'inn', Site: 'domain' },
      options: { dedupeBy: 'inn' },
    });
    expect(r.body).toMatchObject({ created: 2, skipped: 1 });
    expect(r.body.errors.map((e: any) => e.index)).toEqual([2, 4, 5]);
    expect(r.body.errors[0].reason).toContain('INN');
    // auto checks INN and domain: the INN is known; sber-copy.ru is free (its row was skipped above).
    const auto = await api.post('/api/companies/import/start', {
      rows: [
        { Name: 'Sber again', INN: '7707083893' },
        { Name: 'Fresh', Site: 'sber-copy.ru' },
      ],
      mapping: { Name: 'name', INN: 'inn', Site: 'domain' },
    });
    expect(auto.body).toMatchObject({ created: 1, skipped: 1 });
  });

  it('duplicateHandling update merges custom fields; create makes a second company; skip leaves it', async () => {
    const first = await api.post('/api/companies/import/combined', { rows: [{ Name: 'Merge Co', Site: 'merge.com', Rev: '100', Seg: 'smb' }], mapping });
    const id = first.body.createdIds[0];
    expect(first.body).toMatchObject({ created: 1, cfValuesSet: 2 });
    const skip = await api.post('/api/companies/import/combined', {
      rows: [{ Name: 'Merge Skip', Site: 'merge.com', Rev: '1' }],
      mapping,
      options: { duplicateHandling: 'skip' },
    });
    expect(skip.body).toMatchObject({ created: 0, updated: 0, skipped: 1, contactsCreated: 0, cfValuesSet: 0 });
    const up = await api.post('/api/companies/import/combined', {
      rows: [{ Name: 'Merge Co Renamed', Site: 'https://merge.com', Rev: '250', Email: 'boss@merge.com', First: 'Boss' }],
      mapping,
      options: { duplicateHandling: 'update' },
    });
    expect(up.body).toMatchObject({ created: 0, updated: 1, skipped: 0, contactsCreated: 1, cfValuesSet: 1, createdIds: [] });
    const got = (await api.get(`/api/companies/${id}`)).body;
    expect(got).toMatchObject({ name: 'Merge Co Renamed', customFields: { revenue: 250, segment: 'smb' } });
    expect((await contactsOf(id)).map((c: any) => c.email)).toEqual(['boss@merge.com']);
    // the same row again: the contact already belongs to that company, so no second contact
    const again = await api.post('/api/companies/import/combined', {
      rows: [{ Name: 'Merge Co Renamed', Site: 'merge.com', Email: 'Boss@merge.com' }],
      mapping,
      options: { duplicateHandling: 'update' },
    });
    expect(again.body).toMatchObject({ updated: 1, contactsCreated: 0 });
    const create = await api.post('/api/companies/import/combined', {
      rows: [{ Name: 'Merge Clone', Site: 'merge.com' }],
      mapping,
      options: { duplicateHandling: 'create' },
    });
    expect(create.body).toMatchObject({ created: 1, updated: 0, skipped: 0 });
    expect(create.body.createdIds[0]).not.toBe(id);
    const skipAfter = await api.post('/api/companies/import/start', { rows: [{ Name: 'X', Site: 'merge.com' }], mapping: { Name: 'name', Site: 'domain' } });
    expect(skipAfter.body.skipped).toBe(1); // the marker still names the first company
  });

  it('contacts: genericContactName, channels with duplicateOf, source recorded; start ignores contact targets', async () => {
    const r = await api.post('/api/companies/import/combined', {
      rows: [
        { Name: 'Gen Co', Site: 'gen.com', Email: 'INFO@gen.com' },
        { Name: 'Named Co', Site: 'named.com', Email: 'jane@named.com', First: 'Jane' },
        { Name: 'Dup Mail Co', Site: 'dupmail.com', Email: 'info@gen.com', First: 'Other' },
        { Name: 'Bad Mail Co', Site: 'badmail.com', Email: 'nope' },
      ],
      mapping,
      options: { genericContactName: 'Office' },
    });
    expect(r.body).toMatchObject({ created: 3, contactsCreated: 3 });
    expect(r.body.errors).toEqual([{ index: 3, reason: expect.stringContaining('c:email') }]);
    const [gen, named, dup] = r.body.createdIds;
    const g = (await contactsOf(gen))[0];
    expect(g).toMatchObject({ firstName: 'Office', email: 'info@gen.com', companyId: gen, source: { kind: 'import', importId: r.body.importId } });
    expect((await contactsOf(named))[0].firstName).toBe('Jane');
    expect((await contactsOf(dup))[0].channels[0].duplicateOf).toBe(g.id);
    const start = await api.post('/api/companies/import/start', { rows: [{ Name: 'Only Co', Site: 'only.com', Email: 'a@only.com', Rev: '5' }], mapping });
    expect(start.body).toMatchObject({
      created: 1,
      contactsCreated: 0,
      cfValuesSet: 0,
      ignoredTargets: ['c:email', 'c:firstName', 'cf:revenue', 'cf:segment'],
    });
    expect(await contactsOf(start.body.createdIds[0])).toEqual([]);
  });

  it('listId adds to an existing STATIC company list; newListName creates one', async () => {
    const list = await api.post('/api/company-lists', { name: 'Import target', type: 'STATIC' });
    expect(list.status).toBe(201);
    const r = await api.post('/api/companies/import/start', {
      rows: [
        { Name: 'L1', Site: 'l1.com' },
        { Name: 'L2', Site: 'l2.com' },
      ],
      mapping: { Name: 'name', Site: 'domain' },
      options: { listId: list.body.id },
    });
    expect(r.body.listId).toBe(list.body.id);
    const members = await api.get(`/api/company-lists/${list.body.id}/members`);
    expect(members.body.data.map((c: any) => c.id).sort()).toEqual([...r.body.createdIds].sort());
    const upd = await api.post('/api/companies/import/start', {
      rows: [
        { Name: 'L1 updated', Site: 'l1.com' },
        { Name: 'L3', Site: 'l3.com' },
      ],
      mapping: { Name: 'name', Site: 'domain' },
      options: { listId: list.body.id, duplicateHandling: 'update' },
    });
    expect(upd.body).toMatchObject({ created: 1, updated: 1 });
    expect((await api.get(`/api/company-lists/${list.body.id}`)).body.memberCount).toBe(3);
    const fresh = await api.post('/api/companies/import/start', {
      rows: [{ Name: 'N1', Site: 'n1.com' }],
      mapping: { Name: 'name', Site: 'domain' },
      options: { newListName: 'From import' },
    });
    const created = await api.get(`/api/company-lists/${fresh.body.listId}`);
    expect(created.body).toMatchObject({ name: 'From import', type: 'STATIC', memberCount: 1 });
    expect((await api.post('/api/companies/import/start', { rows: [{ Name: 'Z' }], mapping: { Name: 'name' }, options: { listId: 'nope' } })).status).toBe(404);
    expect(
      (await api.post('/api/companies/import/start', { rows: [{ Name: 'Z' }], mapping: { Name: 'name' }, options: { listId: list.body.id, newListName: 'x' } }))
        .status,
    ).toBe(400);
  });

  it('marker uniqueness under concurrency: parallel imports of the same domains create each company once', async () => {
    const rows = Array.from({ length: 8 }, (_, i) => ({ Name: `Race ${i}`, Site: `race-${i}.com`, INN: i === 0 ? '7736050003' : '' }));
    const results = await Promise.all([0, 1, 2].map(() => api.post('/api/companies/import/combined', { rows, mapping })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.reduce((n, r) => n + r.body.created, 0)).toBe(8);
    expect(results.reduce((n, r) => n + r.body.skipped, 0)).toBe(16);
    const race = (await allCompanies()).filter((c) => c.name.startsWith('Race '));
    expect(race).toHaveLength(8);
    expect(new Set(race.map((c) => c.domain)).size).toBe(8);
  });

  it('a marker whose company was deleted is retaken at once (markers commit with their company, so none is in flight)', async () => {
    const first = await api.post('/api/companies/import/start', { rows: [{ Name: 'Gone', Site: 'gone.com' }], mapping: { Name: 'name', Site: 'domain' } });
    expect((await api.delete(`/api/companies/${first.body.createdIds[0]}`)).status).toBe(200);
    const soon = await api.post('/api/companies/import/start', { rows: [{ Name: 'Gone again', Site: 'gone.com' }], mapping: { Name: 'name', Site: 'domain' } });
    expect(soon.body).toMatchObject({ created: 1, skipped: 0 });
    const again = await api.post('/api/companies/import/start', { rows: [{ Name: 'Gone 3', Site: 'gone.com' }], mapping: { Name: 'name', Site: 'domain' } });
    expect(again.body).toMatchObject({ created: 0, skipped: 1 });
    expect(again.body.rows ?? []).toEqual([]);
    const dup = (await api.post('/api/companies/import/preview', { rows: [{ Name: 'Gone 4', Site: 'gone.com' }], mapping: { Name: 'name', Site: 'domain' } }))
      .body.rows[0];
    expect(dup.duplicateOf).toBe(soon.body.createdIds[0]);
    expect((await api.get(`/api/companies/${dup.duplicateOf}`)).status).toBe(200);
  });

  it('an imported company is its own domain marker; deleting it leaves a claim, so a re-import never revives its id', async () => {
    const domainMap = { Name: 'name', Site: 'domain', Email: 'c:email' };
    const first = await api.post('/api/companies/import/combined', {
      rows: [{ Name: 'Revive', Site: 'revive.example', Email: 'old@revive.example' }],
      mapping: domainMap,
      options: { newListName: 'Revive list' },
    });
    const id1 = first.body.createdIds[0];
    expect(id1).toBe(derivedCompanyId(table.tableName, 'domain#revive.example'));
    expect(await table.get(ImportMarker.key({ kind: 'domain', value: 'revive.example' }))).toBeUndefined(); // no marker item
    expect((await api.delete(`/api/companies/${id1}`)).status).toBe(200);
    expect(await table.get(CompanyEntity.key({ companyId: id1 }))).toMatchObject({ entity: 'company_key_claim', companyId: id1 });
    // The claim is no company to any reader.
    expect((await api.get(`/api/companies/${id1}`)).status).toBe(404);
    expect((await api.patch(`/api/companies/${id1}`, { name: 'X' })).status).toBe(404);
    expect((await api.delete(`/api/companies/${id1}`)).status).toBe(404);
    expect((await api.get(`/api/contacts?companyId=${id1}`)).status).toBe(404);
    expect((await api.post('/api/contacts', { firstName: 'Z', email: 'z@revive.example', companyId: id1 })).status).toBe(404);
    expect((await api.get(`/api/company-lists/${first.body.listId}/members`)).body.data).toEqual([]);

    const second = await api.post('/api/companies/import/combined', {
      rows: [{ Name: 'Revive 2', Site: 'revive.example', Email: 'new@revive.example' }],
      mapping: domainMap,
    });
    const id2 = second.body.createdIds[0];
    expect(second.body).toMatchObject({ created: 1, skipped: 0 });
    expect(id2).not.toBe(id1);
    expect((await contactsOf(id2)).map((c: any) => c.email)).toEqual(['new@revive.example']);
    expect((await api.get(`/api/company-lists/${first.body.listId}/members`)).body.data).toEqual([]);
    const dup = await api.post('/api/companies/import/start', {
      rows: [{ Name: 'Revive 3', Site: 'revive.example' }],
      mapping: { Name: 'name', Site: 'domain' },
    });
    expect(dup.body).toMatchObject({ created: 0, skipped: 1 });
    // A company at a new id is deleted outright; its claim is taken over at once.
    expect((await api.delete(`/api/companies/${id2}`)).status).toBe(200);
    const third = await api.post('/api/companies/import/start', {
      rows: [{ Name: 'Revive 4', Site: 'revive.example' }],
      mapping: { Name: 'name', Site: 'domain' },
    });
    expect(third.body).toMatchObject({ created: 1 });
    expect([id1, id2]).not.toContain(third.body.createdIds[0]);
    expect(await table.get(CompanyEntity.key({ companyId: id1 }))).toMatchObject({ companyId: third.body.createdIds[0] });
  });

  it('a marker of an older import holds its domain while its company lives; an unchecked key already held stays with its holder', async () => {
    const legacy = (await api.post('/api/companies', { name: 'Legacy', domain: 'legacy-marker.example' })).body;
    await table.put(ImportMarker.item({ kind: 'domain', value: 'legacy-marker.example' }, { key: 'domain#legacy-marker.example', companyId: legacy.id }));
    const dup = await api.post('/api/companies/import/start', {
      rows: [{ Name: 'L2', Site: 'legacy-marker.example' }],
      mapping: { Name: 'name', Site: 'domain' },
    });
    expect(dup.body).toMatchObject({ created: 0, skipped: 1 });
    const a = await api.post('/api/companies/import/start', { rows: [{ Name: 'Held', Site: 'held.example' }], mapping: { Name: 'name', Site: 'domain' } });
    const byInn = await api.post('/api/companies/import/start', {
      rows: [{ Name: 'Held by INN', Site: 'held.example', INN: '3812345678' }],
      mapping: { Name: 'name', Site: 'domain', INN: 'inn' },
      options: { dedupeBy: 'inn' },
    });
    expect(byInn.body.created).toBe(1);
    expect(byInn.body.createdIds[0]).toBe(derivedCompanyId(table.tableName, 'inn#3812345678'));
    const again = await api.post('/api/companies/import/preview', { rows: [{ Name: 'H3', Site: 'held.example' }], mapping: { Name: 'name', Site: 'domain' } });
    expect(again.body.rows[0]).toMatchObject({ outcome: 'skip', duplicateOf: a.body.createdIds[0] });
  });

  it('parallel imports in create mode each create their company: the loser of the derived id moves to a new one', async () => {
    const rows = [{ Name: 'Twin', Site: 'twin.example' }];
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        api.post('/api/companies/import/start', { rows, mapping: { Name: 'name', Site: 'domain' }, options: { duplicateHandling: 'create' } }),
      ),
    );
    const ids = results.flatMap((r) => r.body.createdIds);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect((await api.get(`/api/companies/${id}`)).body.domain).toBe('twin.example');
  });

  it('refuses bad bodies and mappings with 400; cross-tenant list ids are 404', async () => {
    const bad = await api.post('/api/companies/import/combined', { rows: [{ a: 1 }], mapping: { a: 'name' }, extra: 1 });
    expect(bad.body.message).toEqual(['property extra should not exist']);
    expect((await api.post('/api/companies/import/combined', { rows: [{ a: 1 }], mapping: { a: 'name' }, options: { dedupeBy: 'name' } })).status).toBe(400);
    expect((await api.post('/api/companies/import/combined', { rows: [{ a: 'x' }], mapping: { a: 'domain' } })).body.message).toEqual([
      'mapping must map a column to name (required)',
    ]);
    const unknownCf = await api.post('/api/companies/import/combined', { rows: [{ a: 'x', b: 'y' }], mapping: { a: 'name', b: 'cf:nope' } });
    expect(unknownCf.status).toBe(400);
    expect(unknownCf.body).toMatchObject({ code: 'unknown_custom_field', fields: ['nope'] });
    expect((await api.post('/api/companies/import/combined', { rows: [], mapping: { a: 'name' } })).status).toBe(400);
    // At most 50,000 rows (a job), a preview 10,000.
    expect(
      (await api.post('/api/companies/import/combined', { rows: Array.from({ length: 50_001 }, () => ({ a: 'x' })), mapping: { a: 'name' } })).status,
    ).toBe(400);
    const longPreview = await api.post('/api/companies/import/preview', { rows: Array.from({ length: 10_001 }, () => ({ a: 'x' })), mapping: { a: 'name' } });
    expect(longPreview.status).toBe(400);
    const list = await api.post('/api/company-lists', { name: 'Private', type: 'STATIC' });
    for (const mode of ['preview', 'start', 'combined']) {
      expect(
        (await other.post(`/api/companies/import/${mode}`, { rows: [{ a: 'x' }], mapping: { a: 'name' }, options: { listId: list.body.id } })).status,
      ).toBe(404);
    }
    // dedupe markers are per tenant: the other tenant's import of a known domain creates its own company
    expect(
      (await other.post('/api/companies/import/start', { rows: [{ a: 'Merge', b: 'merge.com' }], mapping: { a: 'name', b: 'domain' } })).body.created,
    ).toBe(1);
  });
});
