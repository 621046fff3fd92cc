import { afterAll, describe, expect, it } from 'vitest';
import type { TableStore } from '../../shared/platform/ports/table-store.js';
import { runCompanyImport } from '../../shared/crm/imports/companies-import.js';
import { IMPORT_QUEUE, getImportJob, runImportJob, startImportJob } from '../../shared/crm/imports/jobs.js';
import { ImportJob, ImportJournal } from '../../shared/crm/imports/entities.js';
import { CompanyEntity } from '../../shared/crm/companies/entities.js';
import { ContactChannel, ContactEntity } from '../../shared/crm/contacts/entities.js';
import { CustomFieldNumber } from '../../shared/crm/custom-fields/entities.js';
import { LocalWorkQueue } from '../../infra/local/local-queue.js';
import { createApprovedAccount } from '../support/accounts.js';
import { client, startTestRuntime } from '../support/runtime.js';

/**
 * The recovery pass of imports. A process that dies after import transactions committed (markers +
 * companies/contacts, the call's journal written before them) but before the derived items
 * (index items of a company's further number values, channel items of duplicate addresses) were
 * written by BatchWriteItem leaves a journal; a runtime restarted on the same
 * tables repairs it at start, at once, and a job whose message a dead process leased runs at once
 * instead of after its 16-minute lease.
 */
// Two number fields: the company item indexes one, the other is a derived CFNUM item.
const mapping = { Company: 'name', Site: 'domain', Staff: 'cf:employees', Revenue: 'cf:revenue', Email: 'c:email' };
const rows = (tag: string, n: number, sharedEmail = false) =>
  Array.from({ length: n }, (_, i) => ({
    Company: `${tag} ${i}`,
    Site: `${tag}-${i}.example.com`,
    Staff: String(10 + i),
    Revenue: String(1000 + i),
    // One address for every row: the first contact holds its marker, the others get duplicate channel items (derived).
    Email: sharedEmail ? `boss@${tag}.example.com` : `boss@${tag}-${i}.example.com`,
  }));

/**
 * The tenant table as a process that dies at its first BatchWriteItem of the given kind of items would
 * leave it. `settled()` waits for transactions still in flight when the first write died (the writer's
 * other workers), so the test reads the state the dead process left.
 */
const inFlight = new Set<Promise<unknown>>();
const settled = async () => {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
};
function dyingAt(table: TableStore, dies: (pk: string) => boolean): TableStore {
  return new Proxy(table, {
    get(target, prop, receiver) {
      if (prop === 'transact')
        return (ops: Parameters<TableStore['transact']>[0]) => {
          const p = target.transact(ops).finally(() => inFlight.delete(p));
          inFlight.add(p);
          return p;
        };
      if (prop === 'batchPut')
        return async (items: { pk: string }[]) => {
          if (items.some((i) => dies(i.pk))) throw new Error('process killed');
          return target.batchPut(items);
        };
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

const openJournals = async (table: TableStore) => (await table.query({ ...ImportJournal.query('primary', {}), limit: 100 })).items;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let stopLater: (() => Promise<void>) | undefined;
afterAll(() => stopLater?.());

describe('import recovery pass', () => {
  it('journals left by a crash after the transactions are repaired at the next start; a job leased by a dead process runs at once', async () => {
    const rt1 = await startTestRuntime();
    stopLater = () => rt1.stop();
    const crashed = await createApprovedAccount(rt1.deps);
    const queued = await createApprovedAccount(rt1.deps);
    const http = client(rt1.url, { key: crashed.apiKey });
    for (const slug of ['employees', 'revenue'])
      expect((await http.post('/api/companies/custom-fields', { slug, label: slug, fieldType: 'number' })).status).toBe(201);
    const table = rt1.deps.tenantTable(crashed.tenantId);
    const now = rt1.deps.clock.now();

    // Crash 1: companies committed with their markers, the index items of their second number value never written.
    await expect(
      runCompanyImport(
        dyingAt(table, (pk) => pk.startsWith('CFNUM#')),
        { rows: rows('cfn', 30), mapping },
        'combined',
        now,
      ),
    ).rejects.toThrow('process killed');
    await settled();
    // Crash 2: companies complete, contacts committed with their markers, the duplicates' channel items never written.
    // (No recovery pass at its start here, so the journals of crash 1 stay for the restart to repair.)
    const contactParts = (pk: string) => pk.startsWith('CONTACT#');
    await expect(runCompanyImport(dyingAt(table, contactParts), { rows: rows('chn', 30, true), mapping }, 'combined', now, { recover: false })).rejects.toThrow(
      'process killed',
    );
    await settled();
    const journals = await openJournals(table);
    expect(journals.length).toBeGreaterThan(0);
    // A journal names every anchor of its call; the ones a transaction committed are stored.
    const anchors = journals.flatMap((j) => j.anchors as string[]);
    const stored = async <T>(kind: string, key: (id: string) => { pk: string; sk: string }) =>
      table.batchGet<T & { id: string }>(anchors.filter((a) => a.startsWith(`${kind}:`)).map((a) => key(a.slice(kind.length + 1))));
    const companyIds = (await stored('company', (id) => CompanyEntity.key({ companyId: id }))).map((c) => c.id);
    const contacts = await stored<{ email: string; channels: { duplicateOf?: string }[] }>('contact', (id) => ContactEntity.key({ contactId: id }));
    const duplicates = contacts.filter((c) => c.channels[0].duplicateOf);
    expect(companyIds.length).toBeGreaterThan(0);
    expect(duplicates.length).toBeGreaterThan(0);
    const numberKey = (id: string) => CustomFieldNumber.key({ owner: 'company', ownerId: id, slug: 'revenue' });
    const derivedOfContacts = (t: TableStore) => t.batchGet(duplicates.map((c) => ContactChannel.key({ contactId: c.id, type: 'email', value: c.email })));
    // What the crash left: committed anchors (markers never without them) whose derived items are missing.
    expect(await table.batchGet(companyIds.map(numberKey))).toEqual([]);
    expect(await derivedOfContacts(table)).toEqual([]);

    // A job of the other tenant whose message a process leased before dying (16-minute lease).
    const deadQueue = new LocalWorkQueue(rt1.deps.platform, rt1.deps.clock);
    await rt1.stop();
    stopLater = undefined;
    const job = await startImportJob({ ...rt1.deps, queue: deadQueue }, queued.tenantId, rt1.deps.tenantTable(queued.tenantId), 'combined', {
      rows: rows('job', 20),
      mapping: { Company: 'name', Site: 'domain', Email: 'c:email' },
    });
    expect(await deadQueue.receive(IMPORT_QUEUE, 10, 16 * 60_000)).toHaveLength(1);

    // Restart on the same tables: the start's recovery pass repairs both at once.
    const rt2 = await startTestRuntime({ env: { TABLE_PREFIX: rt1.prefix } });
    stopLater = () => rt2.stop();
    const table2 = rt2.deps.tenantTable(crashed.tenantId);
    for (let i = 0; i < 150 && (await openJournals(table2)).length; i++) await sleep(200);
    expect(await openJournals(table2)).toEqual([]);
    const repaired = await table2.batchGet<{ ownerId: string; value: number }>(companyIds.map(numberKey));
    expect(repaired.map((n) => n.ownerId).sort()).toEqual([...companyIds].sort());
    expect(repaired.every((n) => n.value >= 1000)).toBe(true);
    expect(await derivedOfContacts(table2)).toHaveLength(duplicates.length);

    const jobs = client(rt2.url, { key: queued.apiKey });
    let status: { status?: string; result?: Record<string, unknown> } = {};
    for (let i = 0; i < 300 && status.status !== 'completed' && status.status !== 'failed'; i++) {
      status = (await jobs.get(job.statusUrl)).body;
      if (status.status !== 'completed') await sleep(200);
    }
    expect(status).toMatchObject({ status: 'completed', result: { created: 20, contactsCreated: 20, errors: [] } });

    // The same import again (update) completes crash 1: its companies are found by their markers, the rest and every contact created.
    const http2 = client(rt2.url, { key: crashed.apiKey });
    const again = await http2.post('/api/companies/import/combined', {
      rows: rows('cfn', 30),
      mapping,
      options: { dedupeBy: 'domain', duplicateHandling: 'update' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: 30 - companyIds.length, updated: companyIds.length, contactsCreated: 30, errors: [] });
  }, 240_000);

  /**
   * The tenant table as seen by a worker frozen from its `n`th contact transaction on (as kill -9
   * leaves it: what it had in flight lands, nothing after): its writes never answer again. `frozen`
   * resolves once it froze and its writes in flight have landed.
   */
  function freezingAtContacts(table: TableStore, n: number) {
    let seen = 0;
    let froze: () => void;
    const frozenAt = new Promise<void>((r) => (froze = r));
    const landing = new Set<Promise<unknown>>();
    const proxy = new Proxy(table, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver);
        if (typeof v !== 'function') return v;
        if (!['transact', 'batchPut', 'put', 'update', 'delete'].includes(prop as string)) return v.bind(target);
        return (...args: unknown[]) => {
          const ops = prop === 'transact' ? (args[0] as { put?: { pk: string } }[]) : [];
          if (ops.some((o) => o.put?.pk.startsWith('CONTACT#')) && ++seen === n) froze();
          if (seen >= n) return new Promise(() => undefined);
          const p = v.apply(target, args) as Promise<unknown>;
          landing.add(p);
          return p.finally(() => landing.delete(p));
        };
      },
    });
    const frozen = frozenAt.then(async () => {
      while (landing.size) await Promise.allSettled([...landing]);
    });
    return { table: proxy, frozen };
  }

  it('a job whose worker froze inside a chunk (companies written, contacts half) resumes that chunk and ends with every row, counted once', async () => {
    const rt = await startTestRuntime();
    stopLater = () => rt.stop();
    const account = await createApprovedAccount(rt.deps);
    const table = rt.deps.tenantTable(account.tenantId);
    // 1,000 rows in chunks of 25, 50, 100, 200, 400 and 225 (jobs.ts): repeated rows, companies without a domain (spare ids), contacts by phone or by name only.
    const n = 1_000;
    const jobRows = Array.from({ length: n }, (_, i) => {
      const k = i % 97 === 96 ? i - 40 : i;
      return {
        Company: `Frozen ${k}`,
        ...(k % 50 === 7 ? {} : { Site: `frozen-${k}.example.org` }),
        ...(k % 10 === 3 ? { Phone: `+1 555 01${String(k).padStart(4, '0')}` } : k % 10 === 4 ? {} : { Email: `p${k}@frozen-${k}.example.org` }),
        First: `F${k}`,
        Last: `L${k}`,
      };
    });
    const unique = new Set(jobRows.map((r) => r.Company)).size;
    const deadQueue = new LocalWorkQueue(rt.deps.platform, rt.deps.clock);
    const job = await startImportJob({ ...rt.deps, queue: deadQueue }, account.tenantId, table, 'combined', {
      rows: jobRows,
      mapping: { Company: 'name', Site: 'domain', Email: 'c:email', Phone: 'c:phone', First: 'c:firstName', Last: 'c:lastName' },
      options: { dedupeBy: 'domain', duplicateHandling: 'skip' },
    });
    const msg = { tenantId: account.tenantId, jobId: job.jobId };
    // The first worker freezes at its 50th contact transaction (about 12 contacts each): the first four chunks (375 rows,
    // about 32 transactions) are recorded, the fifth (400 rows from row 375, about 33 more) is not.
    const dying = freezingAtContacts(table, 50);
    void runImportJob({ ...rt.deps, queue: deadQueue, tenantTable: () => dying.table }, msg);
    await Promise.race([dying.frozen, sleep(180_000)]);
    expect(await getImportJob(table, job.jobId, rt.deps.clock.now())).toMatchObject({ status: 'running', processed: 375 });
    const companiesBefore = (await table.query({ ...CompanyEntity.query('byCreated', {}), limit: 2_000 })).items.length;
    const contactsBefore = (await table.query({ ...ContactEntity.query('all', {}), limit: 2_000 })).items.length;
    expect(companiesBefore).toBeGreaterThan(contactsBefore);

    // A new worker once the lease is gone (the restarted runtime releases it at start).
    await table.update(ImportJob.key({ jobId: job.jobId }), { remove: ['leaseUntil'] });
    await runImportJob({ ...rt.deps, queue: deadQueue }, msg);
    const done = await getImportJob(table, job.jobId, rt.deps.clock.now());
    expect(done).toMatchObject({ status: 'completed', processed: n });
    expect(done.result).toMatchObject({ created: unique, skipped: n - unique, contactsCreated: unique, errors: [] });
    expect(new Set((done.result as { createdIds: string[] }).createdIds).size).toBe(unique);
    const companies = (await table.query<{ id: string }>({ ...CompanyEntity.query('byCreated', {}), limit: 2_000 })).items;
    const contacts = (await table.query<{ companyId: string }>({ ...ContactEntity.query('all', {}), limit: 2_000 })).items;
    expect(companies).toHaveLength(unique);
    expect(contacts).toHaveLength(unique);
    expect(new Set(contacts.map((c) => c.companyId)).size).toBe(unique);
    expect(new Set(companies.map((c) => c.id))).toEqual(new Set(contacts.map((c) => c.companyId)));
  }, 240_000);
});
