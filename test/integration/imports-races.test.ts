import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableStore } from '../../shared/platform/ports/table-store.js';
import { runCompanyImport } from '../../shared/crm/imports/companies-import.js';
import { runContactImport } from '../../shared/crm/imports/contacts-import.js';
import { emptyResult, runImportChunk } from '../../shared/crm/imports/jobs.js';
import { CompanyEntity, CompanyKeyClaim, derivedCompanyId } from '../../shared/crm/companies/entities.js';
import { CustomFieldNumber } from '../../shared/crm/custom-fields/entities.js';
import { channelHolders, ContactEntity } from '../../shared/crm/contacts/entities.js';
import { createApprovedAccount } from '../support/accounts.js';
import { client, startTestRuntime } from '../support/runtime.js';

/**
 * Races between an import's read of the derived ids (planning) and its transaction, made
 * deterministic: the table runs `meanwhile` (another writer) just before (or after) the first
 * transaction `at` picks. And a store that commits a transaction but answers an error (the retry then meets
 * its own items).
 */
function racing(
  table: TableStore,
  meanwhile: () => Promise<unknown>,
  at: (ops: { put?: { pk: string; sk: string } }[]) => boolean = () => true,
  when: 'before' | 'after' = 'before',
): TableStore {
  let first = true;
  return new Proxy(table, {
    get(target, prop, receiver) {
      if (prop === 'transact')
        return async (ops: Parameters<TableStore['transact']>[0]) => {
          const picked = first && at(ops as { put?: { pk: string; sk: string } }[]);
          if (picked) first = false;
          if (picked && when === 'before') await meanwhile();
          const out = await target.transact(ops);
          if (picked && when === 'after') await meanwhile();
          return out;
        };
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}
/** The table runs `meanwhile` (another writer) just after the first transaction that `at` picks has committed. */
const afterCommit = (table: TableStore, meanwhile: () => Promise<unknown>, at: (ops: { put?: { pk: string; sk: string } }[]) => boolean) =>
  racing(table, meanwhile, at, 'after');
function committedThenFailed(table: TableStore): TableStore {
  let first = true;
  return new Proxy(table, {
    get(target, prop, receiver) {
      if (prop === 'transact')
        return async (ops: Parameters<TableStore['transact']>[0]) => {
          await target.transact(ops);
          if (first) {
            first = false;
            throw Object.assign(new Error('internal server error after the commit'), { name: 'InternalServerError' });
          }
        };
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let table: TableStore;
beforeAll(async () => {
  rt = await startTestRuntime();
  const account = await createApprovedAccount(rt.deps);
  table = rt.deps.tenantTable(account.tenantId);
  const http = client(rt.url, { key: account.apiKey });
  for (const slug of ['employees', 'revenue'])
    expect((await http.post('/api/companies/custom-fields', { slug, label: slug, fieldType: 'number' })).status).toBe(201);
});
afterAll(() => rt?.stop());

const mapping = { Company: 'name', Site: 'domain', Staff: 'cf:employees', Revenue: 'cf:revenue' };
const body = (site: string, duplicateHandling: 'skip' | 'create' = 'skip') => ({
  rows: [{ Company: `Co ${site}`, Site: site, Staff: '12', Revenue: '3400' }],
  mapping,
  options: { duplicateHandling },
});
const idOf = (site: string) => derivedCompanyId(table.tableName, `domain#${site}`);
const companyAt = (id: string, name = 'Other', at = new Date().toISOString()) =>
  CompanyEntity.item({ companyId: id, createdAt: at, nameKey: name.toLowerCase() }, { id, name, createdAt: at, updatedAt: at, version: 1 });
const now = () => Date.now();

describe('import races at the derived id', () => {
  it('another import took the derived id meanwhile: the row is a skip naming it', async () => {
    const site = 'race-skip.example';
    const out = (await runCompanyImport(
      racing(table, () => table.put(companyAt(idOf(site)))),
      body(site),
      'combined',
      now(),
    )) as any;
    expect(out).toMatchObject({ created: 0, skipped: 1, createdIds: [] });
  });

  it('create mode: the company moves to its spare id and exists there', async () => {
    const site = 'race-create.example';
    const out = (await runCompanyImport(
      racing(table, () => table.put(companyAt(idOf(site)))),
      body(site, 'create'),
      'combined',
      now(),
    )) as any;
    expect(out.created).toBe(1);
    const [id] = out.createdIds;
    expect(id).not.toBe(idOf(site));
    expect(await table.get(CompanyEntity.key({ companyId: id }))).toMatchObject({ entity: 'company', domain: site });
  });

  it('a company created and deleted meanwhile left a claim at the id: taken over, the company at its spare id', async () => {
    const site = 'race-claim.example';
    const gone = idOf(site);
    const out = (await runCompanyImport(
      racing(table, () => table.put(CompanyKeyClaim.item({ companyId: gone }, { companyId: gone }))),
      body(site),
      'combined',
      now(),
    )) as any;
    expect(out.created).toBe(1);
    const [id] = out.createdIds;
    expect(id).not.toBe(gone);
    expect(await table.get(CompanyEntity.key({ companyId: gone }))).toMatchObject({ entity: 'company_key_claim', companyId: id });
    expect(await table.get(CompanyEntity.key({ companyId: id }))).toMatchObject({ entity: 'company', domain: site });
  });

  it("another import gave the company the row's contact meanwhile: not written twice; a duplicate of it in the same import names the winner", async () => {
    const contactMapping = { Company: 'name', Site: 'domain', Email: 'c:email' };
    const known = { Company: 'Known', Site: 'race-contact.example', Email: 'ceo@race-contact.example' };
    const fresh = { Company: 'Fresh', Site: 'race-contact-2.example', Email: 'ceo@race-contact.example' };
    const [companyId] = ((await runCompanyImport(table, { rows: [known], mapping: contactMapping }, 'start', now())) as any).createdIds;
    // Both imports plan the contact of the known company; the other commits it just before this one's first contact transaction.
    const other = () => runCompanyImport(table, { rows: [known], mapping: contactMapping }, 'combined', now());
    const out = (await runCompanyImport(
      racing(table, other, (ops) => ops.some((o) => o.put?.pk.startsWith('CONTACT#'))),
      { rows: [known, fresh], mapping: contactMapping },
      'combined',
      now(),
    )) as any;
    expect(out).toMatchObject({ created: 1, skipped: 1, contactsCreated: 1 });
    const of = async (id: string) => (await table.query<any>({ ...ContactEntity.query('byCompany', { companyId: id }) })).items;
    const [winner] = await of(companyId);
    expect(await of(companyId)).toHaveLength(1);
    expect((await of(out.createdIds[0])).map((c) => c.channels[0].duplicateOf)).toEqual([winner.id]);
  });

  it("another import gave the company this import just created its row's contact, before this import planned its contacts: one contact, created by the other", async () => {
    const contactMapping = { Company: 'name', Site: 'domain', Email: 'c:email', First: 'c:firstName' };
    const row = { Company: 'Twice', Site: 'race-twice.example', Email: 'ceo@race-twice.example', First: 'Ann' };
    // The other import (the same row, as a job resumed after kill -9 beside a new job of the same file)
    // finds the company existing and gives it the contact, between this import's company commit and its contact plan.
    let other: any;
    const out = (await runCompanyImport(
      afterCommit(
        table,
        async () => (other = await runCompanyImport(table, { rows: [row], mapping: contactMapping }, 'combined', now())),
        (ops) => ops.some((o) => o.put?.sk === 'COMPANY'),
      ),
      { rows: [row], mapping: contactMapping },
      'combined',
      now(),
    )) as any;
    expect(out).toMatchObject({ created: 1, skipped: 0, contactsCreated: 0 });
    expect(other).toMatchObject({ created: 0, skipped: 1, contactsCreated: 1 });
    const contacts = (await table.query<any>({ ...ContactEntity.query('byCompany', { companyId: out.createdIds[0] }) })).items;
    expect(contacts.map((c) => c.channels)).toEqual([[expect.objectContaining({ type: 'email', value: 'ceo@race-twice.example' })]]);
    expect(contacts[0].channels[0].duplicateOf).toBeUndefined();
  });

  it("the crash test's shape: a resumed job's 25-row chunk runs inside another job's chunk of the same rows between its companies and its contacts: 50 contacts, not 75", async () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ Company: `Overlap ${i}`, Site: `overlap-${i}.example`, Email: `o${i}@overlap-${i}.example` }));
    const body = { rows, mapping: { Company: 'name', Site: 'domain', Email: 'c:email' }, options: { duplicateHandling: 'skip' as const } };
    const [first, second] = [emptyResult(), emptyResult()];
    // The other job's first chunk (rows 0–24) lands once this job's company pack of those rows has committed.
    const resumed = () => runImportChunk(table, 'combined', body, { from: 0, size: 25, importId: `job-resumed-${now()}` }, second, now());
    const pk0 = CompanyEntity.key({ companyId: idOf('overlap-0.example') }).pk;
    await runImportChunk(
      afterCommit(table, resumed, (ops) => ops.some((o) => o.put?.pk === pk0)),
      'combined',
      body,
      { from: 0, size: 50, importId: `job-new-${now()}` },
      first,
      now(),
    );
    expect(first).toMatchObject({ created: 50, contactsCreated: 25 });
    expect(second).toMatchObject({ created: 0, skipped: 25, contactsCreated: 25 });
    const perCompany = await Promise.all(
      rows.map(async (r) => (await table.query<any>({ ...ContactEntity.query('byCompany', { companyId: idOf(r.Site) }) })).items.length),
    );
    expect(perCompany).toEqual(rows.map(() => 1));
  });

  it('contact import, skip and update: another import of the same email committed its contact meanwhile: the row skips it or updates it, no second contact', async () => {
    const contactMapping = { Email: 'email', First: 'firstName' };
    for (const duplicateHandling of ['skip', 'update'] as const) {
      const email = `lead-${duplicateHandling}@race-contacts.example`;
      // Both imports plan the contact as new; the other commits it just before this one's contact transaction.
      let other: any;
      const out = (await runContactImport(
        racing(
          table,
          async () => (other = await runContactImport(table, { rows: [{ Email: email, First: 'Bo' }], mapping: contactMapping }, 'start', now())),
          (ops) => ops.some((o) => o.put?.pk.startsWith('CONTACT#')),
        ),
        { rows: [{ Email: email, First: 'Ann' }], mapping: contactMapping, options: { duplicateHandling } },
        'start',
        now(),
      )) as any;
      expect(other).toMatchObject({ created: 1, contactsCreated: 1 });
      const [winner] = other.createdIds;
      expect(out).toMatchObject({
        created: 0,
        contactsCreated: 0,
        createdIds: [],
        errors: [],
        ...(duplicateHandling === 'skip' ? { skipped: 1, updated: 0 } : { skipped: 0, updated: 1 }),
      });
      const holders = (await table.query<{ contactId: string }>({ ...channelHolders('email', email) })).items.map((h) => h.contactId);
      expect(holders).toEqual([winner]);
      const stored = await table.get<any>(ContactEntity.key({ contactId: winner }));
      expect(stored.firstName).toBe(duplicateHandling === 'skip' ? 'Bo' : 'Ann');
    }
  });

  it('two attempts of one contact-import job write the same chunk at once (a worker that lost its lease): one contact, counted as created by both', async () => {
    const email = 'lead-overlap@race-contacts.example';
    const body = { rows: [{ Email: email, First: 'Ann' }], mapping: { Email: 'email', First: 'firstName' } };
    const run = { importId: `job-overlap-${now()}`, rowOffset: 0 };
    let other: any;
    const out = (await runContactImport(
      racing(
        table,
        async () => (other = await runContactImport(table, body, 'start', now(), { run })),
        (ops) => ops.some((o) => o.put?.pk.startsWith('CONTACT#')),
      ),
      body,
      'start',
      now(),
      { run },
    )) as any;
    const holders = (await table.query<{ contactId: string }>({ ...channelHolders('email', email) })).items.map((h) => h.contactId);
    expect(holders).toEqual(other.createdIds);
    expect(out).toMatchObject({ created: 1, skipped: 0, contactsCreated: 1, createdIds: other.createdIds });
  });

  it('a transaction committed but answered an error: the retry meets its own company and finishes the row', async () => {
    const site = 'race-own.example';
    const out = (await runCompanyImport(committedThenFailed(table), body(site), 'combined', now())) as any;
    expect(out).toMatchObject({ created: 1, skipped: 0, createdIds: [idOf(site)] });
    const company = await table.get<Record<string, any>>(CompanyEntity.key({ companyId: idOf(site) }));
    expect(company).toMatchObject({ entity: 'company', domain: site });
    // The company item indexes one number value; the other is the derived index item the guard writes.
    const other = company!.cfIndexSlug === 'employees' ? 'revenue' : 'employees';
    expect(await table.get(CustomFieldNumber.key({ owner: 'company', ownerId: idOf(site), slug: other }))).toBeDefined();
  });
});
