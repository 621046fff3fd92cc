import { badRequest, badRequestCode, isAppError } from '../errors.js';
import { newId } from '../identity/api-keys.js';
import type { Item, TableStore } from '../ports/table-store.js';
import { CompanyKeys } from '../companies/keys.js';
import { updateCompany } from '../companies/companies.js';
import { definitionMap } from '../custom-fields/definitions.js';
import { numberIndexOps, type CfValues } from '../custom-fields/values.js';
import { addCompanies, createCompanyList, getCompanyList } from '../company-lists/company-lists.js';
import { CompanyListKeys } from '../company-lists/keys.js';
import { cellText, companyCellLimit, parseCfCells, parseContactCells, parseMapping, type ParsedContact } from './mapping.js';
import { normalizeImportDomain, validInn } from './normalize.js';
import { dedupeKey, markerOf } from './keys.js';
import type { CompanyImportBody, RowError } from './schema.js';
import { batchPutAll, claimMarkers, pool, retryConflicts } from './writer.js';
import { buildImportedContacts } from './contacts-writer.js';
import { ConditionFailed, notExists } from '../ports/table-store.js';

export type ImportMode = 'preview' | 'start' | 'combined';
export const DEFAULT_GENERIC_CONTACT_NAME = 'Generic contact';
/** Longer than any import request runs (the Lambda limit is 15 minutes). */
export const STALE_AFTER_MS = 20 * 60_000;

interface Row { index: number; company: Record<string, string>; cf: CfValues; contact?: ParsedContact; keys: string[]; checked: string[] }
interface Slot { id: string; company: Record<string, string>; cf: CfValues; keys: string[]; claim: boolean; rows: number[]; became?: { skip: true } | { existing: string } }
type Target = { slot: Slot } | { existing: string };
interface Merge { company: Record<string, string>; cf: CfValues; rows: number[] }

/**
 * The spec's company import. `preview` plans without writing; `start` writes companies only;
 * `combined` also contacts and custom fields. Dedupe by domain/INN markers only (never by name).
 */
export async function runCompanyImport(table: TableStore, body: CompanyImportBody, mode: ImportMode, now: number) {
  const opts = { dedupeBy: 'auto' as const, duplicateHandling: 'skip' as const, ...body.options };
  if (opts.listId && opts.newListName) throw badRequest(['options.listId and options.newListName cannot be used together']);
  const defs = await definitionMap(table, 'company');
  const combined = mode !== 'start';
  const mapping = parseMapping(body.mapping, defs, { scope: { company: true, contact: combined, cf: combined }, contactPrefix: 'required' });
  if (!mapping.company.some(([, f]) => f === 'name')) throw badRequest(['mapping must map a column to name (required)']);
  if (opts.listId && (await getCompanyList(table, opts.listId)).type !== 'STATIC') throw badRequestCode('list_not_static', { message: 'Imports add companies to STATIC lists only' });
  const at = new Date(now).toISOString();
  const errors: RowError[] = [];
  const rows: Row[] = [];
  body.rows.forEach((raw, index) => {
    try {
      rows.push(parseRow(raw, index));
    } catch (reason) {
      if (typeof reason !== 'string') throw reason;
      errors.push({ index, reason });
    }
  });

  function parseRow(raw: Record<string, unknown>, index: number): Row {
    const company: Record<string, string> = {};
    for (const [column, field] of mapping.company) {
      const v = cellText(raw[column]);
      if (v === undefined) continue;
      companyCellLimit(field, v);
      company[field] = v;
    }
    if (!company.name) throw 'name is required';
    let domain: string | undefined;
    if (company.domain) {
      domain = normalizeImportDomain(company.domain);
      if (!domain) throw `domain is not a valid domain (${company.domain.slice(0, 100)})`;
      company.domain = domain;
    } else if (company.website && (domain = normalizeImportDomain(company.website))) company.domain = domain;
    let inn: string | undefined;
    if (company.inn) {
      inn = validInn(company.inn);
      if (!inn) throw `inn ${company.inn.slice(0, 32)} is not a valid INN (10 or 12 digits with matching control digits)`;
      company.inn = inn;
    }
    const keys = [inn && dedupeKey('inn', inn), domain && dedupeKey('domain', domain)].filter((k): k is string => !!k);
    const checked = keys.filter((k) => opts.dedupeBy === 'auto' || k.startsWith(`${opts.dedupeBy}#`));
    return { index, company, cf: parseCfCells(raw, mapping.cf, defs), contact: parseContactCells(raw, mapping.contact), keys, checked };
  }

  // Existing holders of the checked keys (markers whose company is gone are stale and may be retaken).
  const checkedKeys = [...new Set(rows.flatMap((r) => r.checked))];
  // A marker is written before its company (marker claim, then BatchWrite), so a missing company is
  // only "gone" once the marker is older than any import can run (STALE_AFTER_MS); before that it is in flight.
  const markers = await table.batchGet<{ key: string; companyId: string; createdAt: string }>(checkedKeys.map(markerOf));
  const present = new Set((await table.batchGet<{ id: string; entity: string }>([...new Set(markers.map((m) => m.companyId))].map((id) => CompanyKeys.company(id)))).filter((c) => c.entity === 'company').map((c) => c.id));
  const live = new Set(markers.filter((m) => present.has(m.companyId) || now - Date.parse(m.createdAt) < STALE_AFTER_MS).map((m) => m.companyId));
  const stale = new Map(markers.filter((m) => !live.has(m.companyId)).map((m) => [m.key, m.companyId]));
  const owner = new Map<string, Target>(markers.filter((m) => live.has(m.companyId)).map((m) => [m.key, { existing: m.companyId }]));

  const outcomes: { index: number; outcome: 'create' | 'update' | 'skip'; companyId?: string; duplicateOf?: string; matchedBy?: string }[] = [];
  const slots: Slot[] = [];
  const merges = new Map<string, Merge>();
  const contactRows: { row: Row; target: Target }[] = [];
  const mergeInto = (t: Target, r: Row) => {
    if ('slot' in t) {
      Object.assign(t.slot.company, r.company);
      Object.assign(t.slot.cf, r.cf);
      t.slot.keys = [...new Set([...t.slot.keys, ...r.keys])];
      t.slot.rows.push(r.index);
      return;
    }
    const m = merges.get(t.existing) ?? { company: {}, cf: {}, rows: [] };
    Object.assign(m.company, r.company);
    Object.assign(m.cf, r.cf);
    m.rows.push(r.index);
    merges.set(t.existing, m);
  };
  for (const r of rows) {
    const hit = r.checked.find((k) => owner.has(k));
    if (hit) {
      const t = owner.get(hit)!;
      const of = 'slot' in t ? t.slot.id : t.existing;
      if (opts.duplicateHandling === 'skip') {
        outcomes.push({ index: r.index, outcome: 'skip', duplicateOf: of, matchedBy: hit });
        continue;
      }
      if (opts.duplicateHandling === 'update') {
        mergeInto(t, r);
        outcomes.push({ index: r.index, outcome: 'update', companyId: of, matchedBy: hit });
        contactRows.push({ row: r, target: t });
        continue;
      }
    }
    const slot: Slot = { id: newId(now), company: { ...r.company }, cf: { ...r.cf }, keys: hit ? [] : [...r.keys], claim: !hit, rows: [r.index] };
    slots.push(slot);
    if (!hit) for (const k of r.checked) owner.set(k, { slot });
    outcomes.push({ index: r.index, outcome: 'create', companyId: slot.id, ...(hit ? { duplicateOf: 'slot' in owner.get(hit)! ? (owner.get(hit) as { slot: Slot }).slot.id : (owner.get(hit) as { existing: string }).existing, matchedBy: hit } : {}) });
    contactRows.push({ row: r, target: { slot } });
  }

  const count = (o: string) => outcomes.filter((x) => x.outcome === o).length;
  if (mode === 'preview') {
    return {
      preview: true, mapping: { company: mapping.company.map(([column, field]) => ({ column, target: field })), contact: mapping.contact.map(([column, field]) => ({ column, target: `c:${field}` })), customFields: mapping.cf.map(([column, slug]) => ({ column, target: `cf:${slug}` })), ignored: mapping.ignored },
      created: count('create'), updated: count('update'), skipped: count('skip'), errors: sortErrors(errors),
      contactsCreated: contactRows.filter((c) => c.row.contact).length,
      cfValuesSet: rows.filter((r) => outcomes.find((o) => o.index === r.index)?.outcome !== 'skip').reduce((n, r) => n + Object.keys(r.cf).length, 0),
      // Ids are not allocated by a preview: a create names the row whose company it would merge with.
      createdIds: [], rows: outcomes.sort((a, b) => a.index - b.index).map((o) => previewOutcome(o, slots)),
    };
  }

  const importId = newId(now);
  // 1. Claim the dedupe markers of new companies (conditional writes; a lost race turns the slot into a duplicate).
  const markerPut = (slot: Slot, k: string) => ({ put: { ...markerOf(k), entity: 'IMPORT_MARKER', key: k, companyId: slot.id, importId, createdAt: at }, condition: stale.has(k) ? { expression: 'attribute_not_exists(pk) OR companyId = :old', values: { ':old': stale.get(k) } } : notExists });
  const claiming = slots.filter((s) => s.claim && s.keys.length);
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
        const rowChecked = rows.find((r) => r.index === slot.rows[0])!.checked;
        if (!rowChecked.includes(lost)) {
          keys.splice(keys.indexOf(lost), 1); // an unchecked key held by another company: just not ours
          continue;
        }
        const holder = await table.get<{ companyId: string }>(markerOf(lost));
        if (!holder) continue;
        if (opts.duplicateHandling === 'skip') slot.became = { skip: true };
        else if (opts.duplicateHandling === 'update') slot.became = { existing: holder.companyId };
        else return void keys.splice(0); // create: keep the company, without markers
        for (const o of outcomes) if (slot.rows.includes(o.index)) Object.assign(o, opts.duplicateHandling === 'skip' ? { outcome: 'skip', companyId: undefined, duplicateOf: holder.companyId } : { outcome: 'update', companyId: holder.companyId }, { matchedBy: lost });
        if (slot.became && 'existing' in slot.became) {
          const m = merges.get(holder.companyId) ?? { company: {}, cf: {}, rows: [] };
          Object.assign(m.company, slot.company);
          Object.assign(m.cf, slot.cf);
          m.rows.push(...slot.rows);
          merges.set(holder.companyId, m);
        }
        return;
      }
    }
  });

  // 2. New company items (+ number custom-field index items): BatchWrite, no condition needed (fresh ids).
  const items: Item[] = [];
  const created = slots.filter((s) => !s.became);
  let cfValuesSet = 0;
  for (const s of created) {
    items.push({ ...CompanyKeys.company(s.id), ...CompanyKeys.byCreated(at, s.id), ...CompanyKeys.byName(s.company.name, s.id), entity: 'company', id: s.id, ...s.company, customFields: s.cf, importId, createdAt: at, updatedAt: at, version: 1 });
    for (const op of numberIndexOps('company', s.id, defs, {}, s.cf)) if ('put' in op) items.push(op.put);
    cfValuesSet += Object.keys(s.cf).length;
  }

  // 3. Contacts of the rows that were not skipped.
  const resolve = (t: Target): string | undefined => ('existing' in t ? t.existing : t.slot.became ? ('skip' in t.slot.became ? undefined : t.slot.became.existing) : t.slot.id);
  const wanted = contactRows.flatMap(({ row, target }) => {
    const companyId = row.contact ? resolve(target) : undefined;
    return companyId ? [{ index: row.index, contact: row.contact!, companyId, existingCompany: 'existing' in target || !!target.slot.became }] : [];
  });
  const contacts = combined ? await buildImportedContacts(table, wanted, { importId, now, genericName: opts.genericContactName ?? DEFAULT_GENERIC_CONTACT_NAME }) : { items: [], created: 0 };
  items.push(...contacts.items);
  await batchPutAll(table, items);

  // 4. Duplicates merged into existing companies (update mode): fields replaced, custom fields merged.
  const updatedIds: string[] = [];
  await pool([...merges], 8, async ([companyId, m]) => {
    try {
      await updateCompany(table, companyId, { ...m.company, customFields: Object.keys(m.cf).length ? m.cf : undefined }, { now, defs });
      cfValuesSet += Object.keys(m.cf).length;
      updatedIds.push(companyId);
    } catch (e) {
      if (!isAppError(e)) throw e;
      for (const index of m.rows) errors.push({ index, reason: `update of company ${companyId} failed: ${JSON.stringify((e.body as { message?: unknown })?.message ?? e.status)}` });
      for (const o of outcomes) if (m.rows.includes(o.index)) o.outcome = 'skip';
    }
  });

  // 5. Company list: an existing STATIC list, or a new one.
  const createdIds = created.map((s) => s.id);
  let listId = opts.listId;
  if (opts.newListName) listId = (await createCompanyList(table, { name: opts.newListName, type: 'STATIC' }, now)).id;
  if (listId && createdIds.length) {
    await batchPutAll(table, createdIds.map((id) => ({ ...CompanyListKeys.member(listId!, id), companyId: id, addedAt: at })));
    await table.update(CompanyListKeys.list(listId), { add: { memberCount: createdIds.length }, set: { updatedAt: at } });
  }
  if (listId) for (let i = 0; i < updatedIds.length; i += 500) await addCompanies(table, listId, updatedIds.slice(i, i + 500), now);

  return {
    importId, created: createdIds.length, updated: outcomes.filter((o) => o.outcome === 'update').length, skipped: count('skip'),
    errors: sortErrors(errors), contactsCreated: contacts.created, cfValuesSet, createdIds,
    ...(listId ? { listId } : {}), ...(mapping.ignored.length ? { ignoredTargets: mapping.ignored } : {}),
  };
}

function previewOutcome(o: { index: number; outcome: string; companyId?: string; duplicateOf?: string; matchedBy?: string }, slots: Slot[]) {
  const row = (id?: string) => slots.find((s) => s.id === id)?.rows[0];
  const { companyId, duplicateOf, ...rest } = o;
  const out: Record<string, unknown> = { ...rest };
  if (row(companyId) !== undefined) { if (row(companyId) !== o.index) out.sameCompanyAsRow = row(companyId); } else if (companyId) out.companyId = companyId;
  if (row(duplicateOf) !== undefined) out.duplicateOfRow = row(duplicateOf);
  else if (duplicateOf) out.duplicateOf = duplicateOf;
  return out;
}

const sortErrors = (e: RowError[]) => e.sort((a, b) => a.index - b.index);
