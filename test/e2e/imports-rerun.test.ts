import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime } from '../support/accounts.js';

/**
 * Re-running a combined import completes what is missing and never doubles a contact: a contact is
 * unique per company and address (else phone, else its fields). `skip` leaves a duplicate company as it
 * is but gives it the row's contact when the company does not have it; `update` does the same after
 * merging the company's fields.
 */
let env: Awaited<ReturnType<typeof startTenantRuntime>>;
beforeAll(async () => {
  env = await startTenantRuntime();
});
afterAll(() => env?.rt.stop());

const mapping = { Name: 'name', Site: 'domain', Email: 'c:email', First: 'c:firstName', Last: 'c:lastName', Phone: 'c:phone' };
const combined = (rows: Record<string, string>[], duplicateHandling: 'skip' | 'update') =>
  env.http.post('/api/companies/import/combined', { rows, mapping, options: { dedupeBy: 'domain', duplicateHandling } });
const companyId = async (domain: string) => {
  const r = await env.http.post('/api/companies/import/preview', { rows: [{ Name: 'x', Site: domain }], mapping: { Name: 'name', Site: 'domain' } });
  return r.body.rows[0].duplicateOf as string;
};
const contactsOf = async (id: string) => (await env.http.get(`/api/contacts?companyId=${id}&pageSize=100`)).body.data as any[];

describe('combined import re-runs', () => {
  it('update: rows sharing an address across companies leave one contact per company, however often re-run', async () => {
    const rows = [
      { Name: 'A', Site: 'a-rerun.test', Email: 'x@x-rerun.test', First: 'Xa' },
      { Name: 'B', Site: 'b-rerun.test', Email: 'x@x-rerun.test', First: 'Xb' },
    ];
    expect((await combined(rows, 'skip')).body).toMatchObject({ created: 2, contactsCreated: 2, errors: [] });
    for (let run = 0; run < 2; run++) expect((await combined(rows, 'update')).body).toMatchObject({ updated: 2, contactsCreated: 0, errors: [] });
    const [a, b] = [await companyId('a-rerun.test'), await companyId('b-rerun.test')];
    expect((await contactsOf(a)).map((c) => c.email)).toEqual(['x@x-rerun.test']);
    expect((await contactsOf(b)).map((c) => c.email)).toEqual(['x@x-rerun.test']);
    expect((await contactsOf(b))[0].channels[0].duplicateOf).toBe((await contactsOf(a))[0].id);
  });

  it('skip: a company that exists without the row contact gets it; a second skip run creates nothing', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => ({
      Name: `Fill ${i}`,
      Site: `fill-${i}.test`,
      ...(i < 4 ? { Email: `p${i}@fill-${i}.test` } : i === 4 ? { Phone: '+1 555 0100 44' } : {}),
      First: `F${i}`,
      Last: `L${i}`,
    }));
    // The companies alone (the import without contacts), as a crash between the two writes leaves them.
    const start = await env.http.post('/api/companies/import/start', { rows, mapping, options: { dedupeBy: 'domain' } });
    expect(start.body).toMatchObject({ created: 6, contactsCreated: 0 });
    const preview = (await env.http.post('/api/companies/import/preview', { rows, mapping, options: { dedupeBy: 'domain' } })).body;
    expect(preview).toMatchObject({ created: 0, skipped: 6, contactsCreated: 6 });
    const first = await combined(rows, 'skip');
    expect(first.body).toMatchObject({ created: 0, skipped: 6, contactsCreated: 6, errors: [] });
    expect((await env.http.post('/api/companies/import/preview', { rows, mapping, options: { dedupeBy: 'domain' } })).body.contactsCreated).toBe(0);
    const again = await combined(rows, 'skip');
    expect(again.body).toMatchObject({ skipped: 6, contactsCreated: 0 });
    const update = await combined(rows, 'update');
    expect(update.body).toMatchObject({ updated: 6, contactsCreated: 0 });
    for (let i = 0; i < 6; i++) {
      const contacts = await contactsOf(await companyId(`fill-${i}.test`));
      expect(contacts).toHaveLength(1);
      expect(contacts[0]).toMatchObject({ firstName: `F${i}`, lastName: `L${i}` });
    }
    // A duplicate row with another person of a known company adds that person; the same person again does not.
    const more = await combined(
      [
        { Name: 'Fill 0', Site: 'fill-0.test', Email: 'second@fill-0.test', First: 'Second' },
        { Name: 'Fill 0 again', Site: 'fill-0.test', Email: 'second@fill-0.test', First: 'Second' },
      ],
      'skip',
    );
    expect(more.body).toMatchObject({ skipped: 2, contactsCreated: 1 });
    expect((await contactsOf(await companyId('fill-0.test'))).map((c) => c.email).sort()).toEqual(['p0@fill-0.test', 'second@fill-0.test']);
  });
});
