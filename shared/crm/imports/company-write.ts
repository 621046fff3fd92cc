import type { Item, TableStore } from '../../platform/ports/table-store.js';
import { companyNumberIndex, newCompanyNumberItems } from '../companies/number-index.js';
import { updateCompany } from '../companies/companies.js';
import { addCompanies, createCompanyList } from '../company-lists/company-lists.js';
import { applyMerges, batchPutAll, writeGroups, type WriteGroup } from './writer.js';
import { planImportedContacts } from './contacts-writer.js';
import type { ImportSetup } from './company-rows.js';
import { mergeInto, sortErrors, writtenFor, type ImportPlan, type ImportRun, type Row, type Slot, type Target } from './company-plan.js';
import { CompanyEntity, CompanyKeyClaim, derivedCompanyId, isCompany, nameSortKey } from '../companies/entities.js';
import { CompanyListEntity, CompanyListMember } from '../company-lists/entities.js';

export const DEFAULT_GENERIC_CONTACT_NAME = 'Generic contact';

/** Progress of a running import (the job form reports it). */
export type ImportProgress = (done: { rows: number }) => void;

/**
 * Carries out a plan: 1. each new company with its key claims in one transaction (the company at a
 * derived id is its own claim; a lost race turns the slot into a skip, a merge or a new id), index items of its further number values after it by
 * BatchWriteItem; 2. each row's contact with its channel markers in one transaction, channel items of
 * duplicate addresses after it, unless its company has that contact already (a skipped duplicate row
 * still brings its contact); 3. merge duplicates into existing companies; 4. add to the company list.
 * A crash between or inside the steps leaves whole companies and whole contacts only (writer.ts: a
 * journal names the anchors whose derived items may be missing; recovery.ts re-derives them at the
 * next start); the chunk run again with the same `run` finds what its first attempt committed (by
 * importId and importRow) and writes the rest, and so does a re-run of the import (skip or update).
 */
export async function writeImport(
  table: TableStore,
  setup: ImportSetup,
  parsed: { rows: Row[]; errors: { index: number; reason: string }[] },
  plan: ImportPlan,
  now: number,
  run: ImportRun,
  progress?: ImportProgress,
) {
  const { opts, defs, combined, mapping } = setup;
  const { errors } = parsed;
  const at = new Date(now).toISOString();
  const { importId } = run;
  const rowsOf = new Map(parsed.rows.map((r) => [r.index, r]));
  await writeGroups(
    table,
    plan.slots.filter((slot) => !slot.resumed).map((slot) => companyGroup(table, setup, rowsOf, plan, slot, run, at)),
  );
  // Rows merged into a company an earlier attempt wrote: merged into the stored company now.
  for (const slot of plan.slots)
    if (slot.resumed && slot.rows.length > 1) mergeInto(plan.merges, { existing: slot.id }, { company: slot.company, cf: slot.cf, rows: slot.rows.slice(1) });
  progress?.({ rows: Math.round(parsed.rows.length / 2) });

  const created = plan.slots.filter((s) => !s.became);
  let cfValuesSet = created.reduce((n, s) => n + Object.keys(s.cf).length, 0);
  let contactsCreated = 0;
  if (combined) {
    const contacts = await planRowContacts(table, setup, plan, run, now);
    contactsCreated = (await contacts.write()).length + contacts.resumed.length;
  }
  progress?.({ rows: parsed.rows.length });

  // Duplicates merged into existing companies (update mode): fields replaced, custom fields merged.
  const merged = await applyMerges(
    plan.merges,
    async (companyId, m) => {
      await updateCompany(table, companyId, { ...m.company, customFields: Object.keys(m.cf).length ? m.cf : undefined }, { now, defs });
      return Object.keys(m.cf).length;
    },
    'company',
    errors,
    plan.outcomes,
  );
  cfValuesSet += merged.cfValuesSet;

  const createdIds = created.map((s) => s.id);
  const createdSet = new Set(createdIds);
  const listId = await addToList(
    table,
    opts,
    createdIds,
    merged.updatedIds.filter((id) => !createdSet.has(id)),
    now,
    at,
  );
  return {
    importId,
    created: createdIds.length,
    updated: plan.outcomes.filter((o) => o.outcome === 'update').length,
    skipped: plan.outcomes.filter((o) => o.outcome === 'skip').length,
    errors: sortErrors(errors),
    contactsCreated,
    cfValuesSet,
    createdIds,
    ...(listId ? { listId } : {}),
    ...(mapping.ignored.length ? { ignoredTargets: mapping.ignored } : {}),
  };
}

/**
 * The rows' contacts, each to the company its row resolved to (a skipped duplicate's too), once per
 * company and identity (contacts-writer.ts `onePerCompany`). Reads only; `write()` writes them. A
 * preview counts `planned`.
 */
export async function planRowContacts(table: TableStore, { opts }: ImportSetup, plan: ImportPlan, run: ImportRun, now: number) {
  const resolve = (t: Target): string => ('existing' in t ? t.existing : (t.slot.became?.existing ?? t.slot.id));
  const wanted = plan.contactRows.flatMap(({ row, target }) =>
    row.contact
      ? [
          {
            index: row.index,
            row: run.rowOffset + row.index,
            contact: row.contact,
            companyId: resolve(target),
            existingCompany: 'existing' in target || !!target.slot.became || !!target.slot.resumed,
          },
        ]
      : [],
  );
  return planImportedContacts(table, wanted, {
    importId: run.importId,
    now,
    genericName: opts.genericContactName ?? DEFAULT_GENERIC_CONTACT_NAME,
    onePerCompany: true,
  });
}

/**
 * A new company with its claims: one transaction. A company at the derived id of one of its keys is
 * that key's marker itself (one conditional put); each further key gets a claim at its own derived
 * id. The company item carries its first number value's index entry; index items of further number
 * values follow by BatchWriteItem.
 */
function companyGroup(table: TableStore, setup: ImportSetup, rowsOf: Map<number, Row>, plan: ImportPlan, slot: Slot, run: ImportRun, at: string): WriteGroup {
  const { opts, defs } = setup;
  const idOf = (k: string) => derivedCompanyId(table.tableName, k);
  const keys = slot.keys.filter((k) => idOf(k) !== slot.id);
  const ownKey = slot.keys.find((k) => idOf(k) === slot.id);
  const index = companyNumberIndex(slot.id, defs, {}, slot.cf);
  const written = { importId: run.importId, importRow: run.rowOffset + slot.rows[0] };
  const company = CompanyEntity.item(
    { companyId: slot.id, createdAt: at, nameKey: nameSortKey(slot.company.name) },
    { id: slot.id, ...slot.company, name: slot.company.name, customFields: slot.cf, ...written, createdAt: at, updatedAt: at, version: 1, ...index.attrs },
  );
  const lockCondition = (k: string) => {
    const lock = plan.locks.get(k);
    // A claim naming a company that is gone is taken over; otherwise the derived id must be free.
    return lock && 'old' in lock
      ? { expression: '#entity = :claim AND companyId = :old', names: { '#entity': 'entity' }, values: { ':claim': CompanyKeyClaim.name, ':old': lock.old } }
      : CompanyEntity.notExists;
  };
  const claimPut = (k: string) => ({
    put: CompanyKeyClaim.item({ companyId: idOf(k) }, { key: k, companyId: slot.id, ...written, createdAt: at }),
    condition: lockCondition(k),
  });
  return {
    puts: [...keys.map(claimPut), { put: company, ...(ownKey ? { condition: CompanyEntity.notExists } : {}) }],
    // The spare id is journalled too: a lost race may move the company there (rename below).
    anchor: { kind: 'company', id: slot.id, spare: slot.spare },
    after: newCompanyNumberItems(index),
    onConflict: async (i) => {
      const lost = i < keys.length ? keys[i] : ownKey;
      if (lost === undefined) throw new Error('import company write failed on an unconditioned item');
      const again = () => companyGroup(table, setup, rowsOf, plan, slot, run, at);
      const found = await table.get<Item>(CompanyEntity.key({ companyId: idOf(lost) }));
      if (!found) return (plan.locks.set(lost, { free: true }), again());
      const holder = isCompany(found) ? (found.id as string) : (found.companyId as string);
      if (writtenFor(found, run, slot.rows[0])) {
        // Written for this row of this import: a retried transaction had committed, the store answered
        // an error after the commit.
        await batchPutAll(table, newCompanyNumberItems(index));
        return undefined;
      }
      if (!isCompany(found) && !isCompany(await table.get(CompanyEntity.key({ companyId: holder })))) {
        // A claim of a company deleted meanwhile: taken over, by a claim (the company moves off that id).
        plan.locks.set(lost, { old: holder });
        if (lost === ownKey) rename(plan, slot, slot.spare);
        return again();
      }
      const checked = rowsOf.get(slot.rows[0])!.checked.includes(lost);
      if (!checked || opts.duplicateHandling === 'create') {
        // An unchecked key (not the dedupeBy kind) held by another company is just not ours; in create
        // mode the company goes on without keys. Off its derived id if that key was the one lost.
        slot.keys = checked ? [] : slot.keys.filter((k) => k !== lost);
        if (!slot.keys.some((k) => idOf(k) === slot.id)) rename(plan, slot, slot.spare);
        return again();
      }
      slot.became = opts.duplicateHandling === 'skip' ? { existing: holder, skip: true } : { existing: holder };
      for (const o of plan.outcomes) {
        if (!slot.rows.includes(o.index)) continue;
        Object.assign(
          o,
          opts.duplicateHandling === 'skip' ? { outcome: 'skip', companyId: undefined, duplicateOf: holder } : { outcome: 'update', companyId: holder },
          { matchedBy: lost },
        );
      }
      if (!slot.became.skip) mergeInto(plan.merges, { existing: holder }, { company: slot.company, cf: slot.cf, rows: slot.rows });
      return undefined;
    },
  };
}

/** Moves a slot to another id (its derived id was taken meanwhile): the rows that name it follow. */
function rename(plan: ImportPlan, slot: Slot, id: string) {
  for (const o of plan.outcomes) {
    if (o.companyId === slot.id) o.companyId = id;
    if (o.duplicateOf === slot.id) o.duplicateOf = id;
  }
  slot.id = id;
}

/** An existing STATIC list, or a new one from `newListName`. */
async function addToList(table: TableStore, opts: ImportSetup['opts'], createdIds: string[], updatedIds: string[], now: number, at: string) {
  let listId = opts.listId;
  if (opts.newListName) listId = (await createCompanyList(table, { name: opts.newListName, type: 'STATIC' }, now)).id;
  if (listId && createdIds.length) {
    await batchPutAll(
      table,
      createdIds.map((id) => CompanyListMember.item({ listId: listId!, companyId: id }, { companyId: id, addedAt: at })),
    );
    await table.update(CompanyListEntity.key({ listId }), { add: { memberCount: createdIds.length }, set: { updatedAt: at } });
  }
  if (listId) for (let i = 0; i < updatedIds.length; i += 500) await addCompanies(table, listId, updatedIds.slice(i, i + 500), now);
  return listId;
}
