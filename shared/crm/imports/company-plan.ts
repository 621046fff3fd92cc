import type { Item, TableStore } from '../../platform/ports/table-store.js';
import type { CfValues } from '../custom-fields/values.js';
import { type ParsedContact } from './mapping.js';
import { markerOf } from './entities.js';
import type { RowError } from './schema.js';
import { CompanyEntity, CompanyKeyClaim, derivedCompanyId, isCompany } from '../companies/entities.js';
import type { ImportSetup } from './company-rows.js';

export type ImportMode = 'preview' | 'start' | 'combined';
export interface Row {
  index: number;
  company: Record<string, string>;
  cf: CfValues;
  contact?: ParsedContact;
  keys: string[];
  checked: string[];
}
/**
 * A company the import would create. `id` is derived from one of its keys when that key's derived id
 * is free (the company item is then that key's uniqueness marker), else `spare`; `keys` are the dedupe
 * keys it claims; `became` records a lost race (the row skips the holder, or merges into it).
 * `resumed`: an earlier attempt of this same import (a job chunk whose worker died before recording
 * it) wrote this company already: it counts as created and is not written again.
 */
export interface Slot {
  id: string;
  spare: string;
  company: Record<string, string>;
  cf: CfValues;
  keys: string[];
  rows: number[];
  became?: { existing: string; skip?: true };
  resumed?: true;
}

/**
 * Which import a write belongs to: one `importId` for every chunk and attempt of an import (a job
 * keeps it on its record), and the chunk's first row in the whole file. A company or contact the
 * import writes records both (`importId`, `importRow`), so a chunk run again after a crash knows the
 * objects its first attempt committed.
 */
export interface ImportRun {
  importId: string;
  rowOffset: number;
}

/** The spare id of a row's company: derived from the import and the row, so an attempt run again after a crash finds it. */
export const spareCompanyId = (tableName: string, run: ImportRun, index: number) => derivedCompanyId(tableName, `row#${run.importId}#${run.rowOffset + index}`);

/** Whether `item` was written for row `index` of this import (by an earlier attempt of its chunk). */
export const writtenFor = (item: Item | undefined, run: ImportRun, index: number) =>
  !!item && item.importId === run.importId && item.importRow === run.rowOffset + index;
/**
 * How a new claim takes a dedupe key at its derived id: nothing is there (`free`), or a claim names a
 * company that is gone (`old`, taken over at once with `companyId = :old`).
 */
export type KeyLock = { free: true } | { old: string };
export type Target = { slot: Slot } | { existing: string };
export interface Merge {
  company: Record<string, string>;
  cf: CfValues;
  rows: number[];
}
export interface Outcome {
  index: number;
  outcome: 'create' | 'update' | 'skip';
  companyId?: string;
  duplicateOf?: string;
  matchedBy?: string;
}

/**
 * Decides each row against the companies holding its dedupe keys and the rows before it: create a
 * company (a slot), skip it, or merge it into an existing company or an earlier slot. A key is held by
 * the company at its derived id, by the company a claim there names, or by the company an older
 * import's marker (`COMPANYKEY#…`, read only now) names; one read of each per chunk, no per-row read.
 */
export async function planRows(table: TableStore, rows: Row[], { opts }: ImportSetup, run: ImportRun) {
  const idOf = (k: string) => derivedCompanyId(table.tableName, k);
  const allKeys = [...new Set(rows.flatMap((r) => r.keys))];
  const checkedKeys = [...new Set(rows.flatMap((r) => r.checked))];
  const checkedSet = new Set(checkedKeys);
  const [atIds, markers] = await Promise.all([
    table.batchGet<Item>(allKeys.map((k) => CompanyEntity.key({ companyId: idOf(k) }))),
    table.batchGet<{ key: string; companyId: string }>(checkedKeys.map(markerOf)),
  ]);
  const keyOfPk = new Map(allKeys.map((k) => [CompanyEntity.key({ companyId: idOf(k) }).pk, k]));
  const named = [...atIds.filter((i) => CompanyKeyClaim.is(i)).map((i) => i.companyId as string), ...markers.map((m) => m.companyId)];
  const namedCompanies = (await table.batchGet<Item>([...new Set(named)].map((id) => CompanyEntity.key({ companyId: id })))).filter(isCompany);
  const present = new Set(namedCompanies.map((c) => c.id as string));
  const companies = new Map([...atIds.filter(isCompany), ...namedCompanies].map((c) => [c.id as string, c]));
  const holder = new Map<string, string>();
  const locks = new Map<string, KeyLock>(allKeys.map((k) => [k, { free: true }]));
  for (const item of atIds) {
    const k = keyOfPk.get(item.pk as string)!;
    locks.delete(k);
    const holderId = isCompany(item) ? (item.id as string) : (item.companyId as string);
    if (isCompany(item) || present.has(holderId)) holder.set(k, holderId);
    else locks.set(k, { old: holderId });
  }
  // An older import's marker still holds its key while its company lives; one whose company is gone is ignored.
  for (const m of markers) if (!holder.has(m.key) && present.has(m.companyId)) (holder.set(m.key, m.companyId), locks.delete(m.key));
  const owner = new Map<string, Target>([...holder].filter(([k]) => checkedSet.has(k)).map(([k, id]) => [k, { existing: id }]));

  const outcomes: Outcome[] = [];
  const slots: Slot[] = [];
  const merges = new Map<string, Merge>();
  const contactRows: { row: Row; target: Target }[] = [];
  const claimed = new Set<string>();
  /** The keys a slot can still claim: not held, not claimed by an earlier slot of this import. */
  const claim = (slot: Slot, keys: string[]) => {
    for (const k of keys) if (locks.has(k) && !claimed.has(k)) (claimed.add(k), slot.keys.push(k));
  };
  for (const r of rows) {
    const hit = r.checked.find((k) => owner.has(k));
    if (hit) {
      const t = owner.get(hit)!;
      const of = 'slot' in t ? t.slot.id : t.existing;
      if ('existing' in t && writtenFor(companies.get(of), run, r.index)) {
        // This row's own company, committed by an earlier attempt of this chunk: created, as that attempt would have answered.
        const slot: Slot = { id: of, spare: of, company: { ...r.company }, cf: { ...r.cf }, keys: [], rows: [r.index], resumed: true };
        slots.push(slot);
        for (const k of r.checked) owner.set(k, { slot });
        outcomes.push({ index: r.index, outcome: 'create', companyId: of });
        contactRows.push({ row: r, target: { slot } });
        continue;
      }
      if (opts.duplicateHandling === 'skip') {
        // The company is left as it is; the row's contact is added to it if it does not have it yet.
        outcomes.push({ index: r.index, outcome: 'skip', duplicateOf: of, matchedBy: hit });
        contactRows.push({ row: r, target: t });
        continue;
      }
      if (opts.duplicateHandling === 'update') {
        mergeInto(merges, t, r);
        if ('slot' in t) claim(t.slot, r.keys);
        outcomes.push({ index: r.index, outcome: 'update', companyId: of, matchedBy: hit });
        contactRows.push({ row: r, target: t });
        continue;
      }
    }
    const spare = spareCompanyId(table.tableName, run, r.index);
    const slot: Slot = { id: spare, spare, company: { ...r.company }, cf: { ...r.cf }, keys: [], rows: [r.index] };
    if (!hit) claim(slot, r.keys);
    // The id comes from the domain (else the INN) when nothing is at its derived key.
    const idKey = [...slot.keys].sort((a, b) => Number(b.startsWith('domain#')) - Number(a.startsWith('domain#'))).find((k) => 'free' in locks.get(k)!);
    if (idKey) slot.id = idOf(idKey);
    slots.push(slot);
    const holderOfHit = hit ? owner.get(hit)! : undefined;
    if (!hit) for (const k of r.checked) owner.set(k, { slot });
    outcomes.push({
      index: r.index,
      outcome: 'create',
      companyId: slot.id,
      ...(holderOfHit ? { duplicateOf: 'slot' in holderOfHit ? holderOfHit.slot.id : holderOfHit.existing, matchedBy: hit } : {}),
    });
    contactRows.push({ row: r, target: { slot } });
  }
  // A company at its row's spare id (no free key of its own) is found by that id.
  const atSpare = new Map(slots.filter((s) => !s.resumed && s.id === s.spare).map((s) => [s.id, s]));
  if (atSpare.size)
    for (const c of await table.batchGet<Item>([...atSpare.keys()].map((id) => CompanyEntity.key({ companyId: id })))) {
      const slot = atSpare.get(c.id as string);
      if (slot && isCompany(c) && writtenFor(c, run, slot.rows[0])) slot.resumed = true;
    }
  return { outcomes, slots, merges, contactRows, locks };
}

export type ImportPlan = Awaited<ReturnType<typeof planRows>>;

/** Folds a duplicate row (or a slot that lost its marker race) into the company it duplicates. */
export function mergeInto(merges: Map<string, Merge>, t: Target, r: { company: Record<string, string>; cf: CfValues; rows?: number[]; index?: number }) {
  const rowsOf = r.rows ?? [r.index!];
  if ('slot' in t) {
    Object.assign(t.slot.company, r.company);
    Object.assign(t.slot.cf, r.cf);
    t.slot.rows.push(...rowsOf);
    return;
  }
  const m = merges.get(t.existing) ?? { company: {}, cf: {}, rows: [] };
  Object.assign(m.company, r.company);
  Object.assign(m.cf, r.cf);
  m.rows.push(...rowsOf);
  merges.set(t.existing, m);
}

export const sortErrors = (e: RowError[]) => e.sort((a, b) => a.index - b.index);
