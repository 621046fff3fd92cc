import { isAppError } from '../errors.js';
import { newId } from '../identity/api-keys.js';
import { ConditionFailed, notExists, type Item, type TableStore } from '../ports/table-store.js';
import { updateCompany } from '../companies/companies.js';
import { numberIndexOps } from '../custom-fields/values.js';
import { addCompanies, createCompanyList } from '../company-lists/company-lists.js';
import { markerOf } from './keys.js';
import { batchPutAll, claimMarkers, pool, retryConflicts } from './writer.js';
import { buildImportedContacts } from './contacts-writer.js';
import { mergeInto, sortErrors, type ImportPlan, type ImportSetup, type Row, type Slot, type Target } from './company-plan.js';
import type { RowError } from './schema.js';
import { CompanyEntity, nameSortKey } from '../companies/entities.js';
import { CompanyListEntity, CompanyListMember } from '../company-lists/entities.js';

export const DEFAULT_GENERIC_CONTACT_NAME = 'Generic contact';

/**
 * Carries out a plan: 1. claim the dedupe markers of new companies; 2. write companies, number-index
 * items and contacts (BatchWrite: fresh ids need no condition); 3. merge duplicates into existing
 * companies; 4. add to the company list.
 */
export async function writeImport(table: TableStore, setup: ImportSetup, parsed: { rows: Row[]; errors: RowError[] }, plan: ImportPlan, now: number) {
  const { opts, defs, combined, mapping } = setup;
  const { errors } = parsed;
  const at = new Date(now).toISOString();
  const importId = newId(now);
  await claimCompanyMarkers(table, setup, parsed.rows, plan, importId, at);

  const created = plan.slots.filter((s) => !s.became);
  const items: Item[] = [];
  let cfValuesSet = 0;
  for (const s of created) {
    items.push(CompanyEntity.item({ companyId: s.id, createdAt: at, nameKey: nameSortKey(s.company.name) }, { id: s.id, ...s.company, customFields: s.cf, importId, createdAt: at, updatedAt: at, version: 1 }));
    for (const op of numberIndexOps('company', s.id, defs, {}, s.cf)) if ('put' in op) items.push(op.put);
    cfValuesSet += Object.keys(s.cf).length;
  }
  const resolve = (t: Target): string | undefined => ('existing' in t ? t.existing : t.slot.became ? ('skip' in t.slot.became ? undefined : t.slot.became.existing) : t.slot.id);
  const wanted = plan.contactRows.flatMap(({ row, target }) => {
    const companyId = row.contact ? resolve(target) : undefined;
    return companyId ? [{ index: row.index, contact: row.contact!, companyId, existingCompany: 'existing' in target || !!target.slot.became }] : [];
  });
  const contacts = combined ? await buildImportedContacts(table, wanted, { importId, now, genericName: opts.genericContactName ?? DEFAULT_GENERIC_CONTACT_NAME }) : { items: [], created: 0 };
  items.push(...contacts.items);
  await batchPutAll(table, items);

  // Duplicates merged into existing companies (update mode): fields replaced, custom fields merged.
  const updatedIds: string[] = [];
  await pool([...plan.merges], 8, async ([companyId, m]) => {
    try {
      await updateCompany(table, companyId, { ...m.company, customFields: Object.keys(m.cf).length ? m.cf : undefined }, { now, defs });
      cfValuesSet += Object.keys(m.cf).length;
      updatedIds.push(companyId);
    } catch (e) {
      if (!isAppError(e)) throw e;
      for (const index of m.rows) errors.push({ index, reason: `update of company ${companyId} failed: ${JSON.stringify((e.body as { message?: unknown })?.message ?? e.status)}` });
      for (const o of plan.outcomes) if (m.rows.includes(o.index)) o.outcome = 'skip';
    }
  });

  const createdIds = created.map((s) => s.id);
  const listId = await addToList(table, opts, createdIds, updatedIds, now, at);
  return {
    importId, created: createdIds.length, updated: plan.outcomes.filter((o) => o.outcome === 'update').length, skipped: plan.outcomes.filter((o) => o.outcome === 'skip').length,
    errors: sortErrors(errors), contactsCreated: contacts.created, cfValuesSet, createdIds,
    ...(listId ? { listId } : {}), ...(mapping.ignored.length ? { ignoredTargets: mapping.ignored } : {}),
  };
}

/** Conditional marker writes; a slot that loses a race becomes a skip or an update of the holder. */
async function claimCompanyMarkers(table: TableStore, { opts }: ImportSetup, rows: Row[], plan: ImportPlan, importId: string, at: string) {
  const markerPut = (slot: Slot, k: string) => ({
    put: { ...markerOf(k), entity: 'IMPORT_MARKER', key: k, companyId: slot.id, importId, createdAt: at },
    condition: plan.stale.has(k) ? { expression: 'attribute_not_exists(pk) OR companyId = :old', values: { ':old': plan.stale.get(k) } } : notExists,
  });
  const claiming = plan.slots.filter((s) => s.claim && s.keys.length);
  const first = await claimMarkers(table, claiming.map((slot) => {
    const puts = slot.keys.map((k) => markerPut(slot, k));
    return { items: puts.map((p) => p.put), conditions: puts.map((p) => p.condition) };
  }));
  await pool(claiming.filter((_, i) => !first[i].won), 8, async (slot) => {
    const keys = [...slot.keys];
    for (let attempt = 0; attempt <= keys.length + 2 && keys.length; attempt++) {
      const puts = keys.map((k) => markerPut(slot, k));
      try {
        if (puts.length === 1) await table.put(puts[0].put, puts[0].condition);
        else await retryConflicts(() => table.transact(puts));
        return;
      } catch (e) {
        if (!(e instanceof ConditionFailed)) throw e;
        const lost = keys[e.index ?? 0];
        if (!rows.find((r) => r.index === slot.rows[0])!.checked.includes(lost)) {
          keys.splice(keys.indexOf(lost), 1); // an unchecked key held by another company: just not ours
          continue;
        }
        const holder = await table.get<{ companyId: string }>(markerOf(lost));
        if (!holder) continue;
        if (opts.duplicateHandling === 'skip') slot.became = { skip: true };
        else if (opts.duplicateHandling === 'update') slot.became = { existing: holder.companyId };
        else return void keys.splice(0); // create: keep the company, without markers
        for (const o of plan.outcomes) if (slot.rows.includes(o.index)) Object.assign(o, opts.duplicateHandling === 'skip' ? { outcome: 'skip', companyId: undefined, duplicateOf: holder.companyId } : { outcome: 'update', companyId: holder.companyId }, { matchedBy: lost });
        if ('existing' in slot.became) mergeInto(plan.merges, { existing: holder.companyId }, { company: slot.company, cf: slot.cf, rows: slot.rows });
        return;
      }
    }
  });
}

/** An existing STATIC list, or a new one from `newListName`. */
async function addToList(table: TableStore, opts: ImportSetup['opts'], createdIds: string[], updatedIds: string[], now: number, at: string) {
  let listId = opts.listId;
  if (opts.newListName) listId = (await createCompanyList(table, { name: opts.newListName, type: 'STATIC' }, now)).id;
  if (listId && createdIds.length) {
    await batchPutAll(table, createdIds.map((id) => (CompanyListMember.item({ listId: listId!, companyId: id }, { companyId: id, addedAt: at }))));
    await table.update(CompanyListEntity.key({ listId }), { add: { memberCount: createdIds.length }, set: { updatedAt: at } });
  }
  if (listId) for (let i = 0; i < updatedIds.length; i += 500) await addCompanies(table, listId, updatedIds.slice(i, i + 500), now);
  return listId;
}
