import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../functions/data-migrations.js';
import { entityNameCasing } from '../../shared/workspace/migrations/entity-casing.js';
import { migrateTable, runMigrations } from '../../shared/workspace/migrations/runner.js';
import type { Item, Key, TableStore } from '../../shared/platform/ports/table-store.js';
import { ContactEntity } from '../../shared/crm/contacts/entities.js';
import { LeadEntity } from '../../shared/crm/leads/entities.js';
import { WipeJob } from '../../shared/workspace/settings/entities.js';
import { startTenantRuntime } from '../support/accounts.js';

// The data migration that gives every `entity` stamp the one (snake_case) casing: items stamped with
// a former name (`CONTACT`, `LEAD`, `SUPPRESSION`, the platform's `wipeJob`) are found, rewritten,
// read alike before and after, and a repeat changes nothing. DynamoDB Local, the runtime over HTTP.
let env: Awaited<ReturnType<typeof startTenantRuntime>>;
beforeAll(async () => {
  env = await startTenantRuntime();
}, 120_000);
afterAll(() => env?.rt.stop());

/** The migration under a name of its own: the runtime already ran the real one at its start (on no tenant yet). */
const casing = { ...entityNameCasing, name: 'entity_name_casing_test' };
const stampOf = async (table: TableStore, key: Key) => (await table.get<Item>(key))?.entity;
const restamp = (table: TableStore, key: Key, entity: string) => table.update(key, { set: { entity } });

describe('entity name casing migration', () => {
  it(
    'rewrites former stamps in tenant and platform tables, across pages and a resumed run; reads answer alike; a repeat changes nothing',
    { timeout: 180_000 },
    async () => {
      const { http, rt, account } = env;
      expect(MIGRATIONS.map((m) => m.name)).toContain('entity_name_casing');
      const table = rt.deps.tenantTable(account.tenantId);
      const contact = (await http.post('/api/contacts', { firstName: 'Ann', email: 'ann@casing.example' })).body;
      const pipelines = (await http.get('/api/pipelines')).body.data;
      const lead = (await http.post('/api/leads', { contactId: contact.id, pipelineId: pipelines[0].id })).body;
      expect(lead.id).toBeTruthy();
      const contactKey = ContactEntity.key({ contactId: contact.id });
      const leadKey = LeadEntity.key({ leadId: lead.id });
      // New writes carry the one casing.
      expect([await stampOf(table, contactKey), await stampOf(table, leadKey)]).toEqual(['contact', 'lead']);
      const before = { contact: (await http.get(`/api/contacts/${contact.id}`)).body, lead: (await http.get(`/api/leads/${lead.id}`)).body };

      // Items as they were written before: the former stamps, 150 suppressions among them so the table spans pages.
      await restamp(table, contactKey, 'CONTACT');
      await restamp(table, leadKey, 'LEAD');
      const suppressions = Array.from({ length: 150 }, (_, i) => ({
        pk: `SUPPRESSION#old${i}`,
        sk: 'SUPPRESSION',
        entity: 'SUPPRESSION',
        _v: 1,
        email: `old${i}@x.example`,
      }));
      for (let i = 0; i < suppressions.length; i += 25) await table.batchPut(suppressions.slice(i, i + 25));
      const wipeKey = WipeJob.key({ tenantId: account.tenantId, jobId: 'old-wipe' });
      await rt.deps.platform.put({ ...wipeKey, entity: 'wipeJob', _v: 1, status: 'DONE' });

      // Reads keep working on the former stamps.
      expect((await http.get(`/api/contacts/${contact.id}`)).body).toEqual(before.contact);
      expect((await http.get(`/api/leads/${lead.id}`)).body).toEqual(before.lead);
      expect(ContactEntity.is({ entity: 'CONTACT' }) && ContactEntity.is({ entity: 'contact' })).toBe(true);

      // A run cut short after one step (100 items read) resumes from its marker.
      let steps = 0;
      const cut = await migrateTable(
        table,
        casing,
        () => rt.deps.clock.now(),
        () => steps++ < 2,
      ); // the check on entry, then one step
      expect(cut.done).toBe(false);
      const all = await runMigrations(rt.deps, [casing]);
      expect(all.complete).toBe(true);
      expect(cut.changed + all.changed).toBe(150 + 2 + 1);
      expect([await stampOf(table, contactKey), await stampOf(table, leadKey), await stampOf(rt.deps.platform, wipeKey)]).toEqual([
        'contact',
        'lead',
        'wipe_job',
      ]);
      const stamps = new Set(await Promise.all(suppressions.map((s) => stampOf(table, { pk: s.pk, sk: s.sk }))));
      expect([...stamps]).toEqual(['suppression']);
      expect((await http.get(`/api/contacts/${contact.id}`)).body).toEqual(before.contact);
      expect((await http.get(`/api/leads/${lead.id}`)).body).toEqual(before.lead);

      // Twice: the markers say done; and the steps themselves, run again from the start, find nothing to write.
      expect((await runMigrations(rt.deps, [casing])).changed).toBe(0);
      for (const t of [table, rt.deps.platform]) {
        let after: string | undefined;
        let changed = 0;
        for (let i = 0; i < 50; i++) {
          const step = await casing.step(t, after);
          changed += step.changed;
          if (!(after = step.next)) break;
        }
        expect(after).toBeUndefined();
        expect(changed).toBe(0);
      }
    },
  );
});
