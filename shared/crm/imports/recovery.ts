import type { Item, TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { definitionMap, type CustomFieldDefinition } from '../custom-fields/definitions.js';
import type { CfValues } from '../custom-fields/values.js';
import { toContact, withPrimaries } from '../contacts/items.js';
import { ContactEntity } from '../contacts/entities.js';
import { CompanyEntity } from '../companies/entities.js';
import { companyDependents, contactDependents, type AnchorKind } from './dependents.js';
import { ImportJournal } from './entities.js';
import { batchPutAll } from './writer.js';
import { forEachTenant } from '../../workspace/tenancy/each-tenant.js';

/**
 * The recovery pass of imports: every journal left open (writer.ts: the anchors of a committed
 * transaction whose derived items were not all written, because the process died) is repaired at once:
 * the derived items are re-derived from the stored anchors and written, then the journal goes. Puts of
 * the same items are idempotent, so the pass is safe next to an import still in flight (it writes what
 * that import writes). Run at the start of every import and job, and by the local runtime at start for
 * every tenant. Returns the number of journals repaired.
 */
export async function recoverImports(table: TableStore): Promise<number> {
  let repaired = 0;
  let cursor: string | undefined;
  const defs: Partial<Record<AnchorKind, Map<string, CustomFieldDefinition>>> = {};
  const defsOf = async (kind: AnchorKind) => (defs[kind] ??= await definitionMap(table, kind));
  for (let page = 0; page < 1_000; page++) {
    const open = await table.query<{ pk: string; sk: string; anchors: string[] }>({ ...ImportJournal.query('primary', {}), limit: 50, cursor });
    for (const journal of open.items) {
      const anchors = journal.anchors.map((a) => a.split(':') as [AnchorKind, string]);
      const items: Item[] = [];
      const companies = anchors.filter(([k]) => k === 'company').map(([, id]) => CompanyEntity.key({ companyId: id }));
      const contacts = anchors.filter(([k]) => k === 'contact').map(([, id]) => ContactEntity.key({ contactId: id }));
      // An anchor that is gone (deleted since) has nothing to repair.
      for (const c of await table.batchGet<{ id: string; entity: string; customFields?: CfValues; cfIndexSlug?: string }>(companies))
        if (CompanyEntity.is(c)) items.push(...companyDependents(c.id, c.customFields, await defsOf('company'), c.cfIndexSlug));
      for (const c of await table.batchGet(contacts)) items.push(...contactDependents(withPrimaries(toContact(c)), await defsOf('contact')));
      await batchPutAll(table, items);
      await table.delete({ pk: journal.pk, sk: journal.sk });
      repaired++;
    }
    cursor = open.cursor;
    if (!cursor) break;
  }
  if (repaired) log.info('import recovery: journals repaired', { table: table.tableName, repaired });
  return repaired;
}

/** The pass over every tenant (the local runtime at start; in AWS each import and job runs it for its tenant). */
export async function recoverAllTenantImports(deps: Deps) {
  return (await forEachTenant(deps, 'import recovery', (tenantId) => recoverImports(deps.tenantTable(tenantId)))).total;
}
