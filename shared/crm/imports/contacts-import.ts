import { badRequest, notFound, rowRejected, RowRejected } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import { definitionMap } from '../custom-fields/definitions.js';
import type { CfValues } from '../custom-fields/values.js';
import { updateContact } from '../contacts/contacts.js';
import { companyKey, isCompany } from '../contacts/refs.js';
import { addContactsToList, addMembers, createContactList, getContactList, ADD_MAX } from '../contact-lists/lists.js';
import { parseCfCells, parseContactCells, parseMapping, type ParsedContact } from './mapping.js';
import { planImportedContacts } from './contacts-writer.js';
import { applyMerges } from './writer.js';
import { recoverImports } from './recovery.js';
import type { ContactImportBody, RowError } from './schema.js';
import { ChannelMarker, ContactEntity } from '../contacts/entities.js';
import type { ImportRun } from './company-plan.js';
import type { StoredContact } from './held-contacts.js';

interface Wanted {
  index: number;
  contact: ParsedContact;
  customFields: CfValues;
  rows: number[];
}

/**
 * Contact import (ContactsController_importPreview / importStart). Targets: email, firstName, lastName,
 * phone, position, personalEmail, linkedin (bare or `c:`-prefixed) and `cf:<slug>` (contact custom
 * fields). Duplicates are by normalised email (the channel marker): skip (default) | update (fields
 * replaced, custom fields merged into the holder) | create (a new contact whose channel carries duplicateOf).
 * `call.run`: the import this call is a chunk of (jobs.ts): a contact an earlier attempt of the chunk
 * wrote for its row (`importId`, `importRow`) counts as created and is not written again.
 */
export function runContactImport(
  table: TableStore,
  body: ContactImportBody,
  mode: 'preview',
  now: number,
  call?: { recover?: boolean; run?: ImportRun },
): Promise<Extract<ContactImportAnswer, { preview: boolean }>>;
export function runContactImport(
  table: TableStore,
  body: ContactImportBody,
  mode: 'start',
  now: number,
  call?: { recover?: boolean; run?: ImportRun },
): Promise<Exclude<ContactImportAnswer, { preview: boolean }>>;
export function runContactImport(table: TableStore, body: ContactImportBody, mode: 'preview' | 'start', now: number, call = {}) {
  return contactImport(table, body, mode, now, call);
}
/** A preview's answer or a write's (runContactImport answers the one of its mode). */
type ContactImportAnswer = Awaited<ReturnType<typeof contactImport>>;

async function contactImport(table: TableStore, body: ContactImportBody, mode: 'preview' | 'start', now: number, call: { recover?: boolean; run?: ImportRun }) {
  // What a crashed import left (derived items of committed companies/contacts) is repaired first.
  if (mode === 'start' && call.recover !== false) await recoverImports(table);
  const run = call.run ?? { importId: newId(now), rowOffset: 0 };
  const opts = { duplicateHandling: 'skip' as const, ...body.options };
  if (opts.listId && opts.newListName) throw badRequest(['options.listId and options.newListName cannot be used together']);
  const defs = await definitionMap(table, 'contact');
  const mapping = parseMapping(body.mapping, defs, { scope: { company: false, contact: true, cf: true }, contactPrefix: 'optional' });
  if (!mapping.contact.length)
    throw badRequest(['mapping must map a column to a contact target (email, firstName, lastName, phone, position, personalEmail, linkedin)']);
  if (opts.companyId && !isCompany(await table.get(companyKey(opts.companyId)))) throw notFound('Company');
  if (opts.listId) await getContactList(table, opts.listId);
  const errors: RowError[] = [];
  const wanted: Wanted[] = [];
  const merges = new Map<string, Wanted>();
  const outcomes: { index: number; outcome: 'create' | 'update' | 'skip'; duplicateOf?: string; sameContactAsRow?: number }[] = [];
  const parsed: { index: number; contact: ParsedContact; cf: CfValues }[] = [];
  body.rows.forEach((raw, index) => {
    try {
      const contact = parseContactCells(raw, mapping.contact);
      if (!contact) throw rowRejected('row has no contact data');
      parsed.push({ index, contact, cf: parseCfCells(raw, mapping.cf, defs) });
    } catch (reason) {
      if (!(reason instanceof RowRejected)) throw reason;
      errors.push({ index, reason: reason.message });
    }
  });
  const emails = [...new Set(parsed.flatMap((p) => (p.contact.email ? [p.contact.email] : [])))];
  const holders = new Map(
    (await table.batchGet<{ value: string; contactId: string }>(emails.map((e) => ChannelMarker.key({ type: 'email', value: e })))).map((m) => [
      m.value,
      m.contactId,
    ]),
  );
  // Holders written for their own row by an earlier attempt of this chunk (only a job chunk run again has any).
  const heldIds = [...new Set(holders.values())];
  const resumedRows = new Map<number, string>();
  if (call.run && heldIds.length)
    for (const c of await table.batchGet<StoredContact>(heldIds.map((id) => ContactEntity.key({ contactId: id }))))
      if (c.source?.importId === run.importId && c.importRow !== undefined) resumedRows.set(c.importRow - run.rowOffset, c.id);
  const resumed: { index: number; id: string }[] = [];
  const firstInFile = new Map<string, Wanted>();
  for (const p of parsed) {
    const email = p.contact.email;
    const holder = email ? holders.get(email) : undefined;
    const earlier = email ? firstInFile.get(email) : undefined;
    if (holder && resumedRows.get(p.index) === holder) {
      resumed.push({ index: p.index, id: holder });
      outcomes.push({ index: p.index, outcome: 'create' });
      continue;
    }
    if ((holder || earlier) && opts.duplicateHandling !== 'create') {
      if (opts.duplicateHandling === 'skip') {
        outcomes.push({ index: p.index, outcome: 'skip', ...(holder ? { duplicateOf: holder } : { sameContactAsRow: earlier!.index }) });
        continue;
      }
      const into = holder ? (merges.get(holder) ?? { index: p.index, contact: { fields: {} }, customFields: {}, rows: [] }) : earlier!;
      Object.assign(into.contact.fields, p.contact.fields);
      if (p.contact.phone && !into.contact.phone) into.contact.phone = p.contact.phone;
      Object.assign(into.customFields, p.cf);
      into.rows.push(p.index);
      if (holder) merges.set(holder, into);
      outcomes.push({ index: p.index, outcome: 'update', ...(holder ? { duplicateOf: holder } : { sameContactAsRow: earlier!.index }) });
      continue;
    }
    const w: Wanted = { index: p.index, contact: p.contact, customFields: p.cf, rows: [p.index] };
    wanted.push(w);
    if (email && !earlier) firstInFile.set(email, w);
    outcomes.push({ index: p.index, outcome: 'create', ...(holder ? { duplicateOf: holder } : earlier ? { sameContactAsRow: earlier.index } : {}) });
  }
  const cfCount = (ws: Iterable<Wanted>) => [...ws].reduce((n, w) => n + Object.keys(w.customFields).length, 0);
  const count = (o: string) => outcomes.filter((x) => x.outcome === o).length;
  if (mode === 'preview') {
    return {
      preview: true,
      mapping: {
        contact: mapping.contact.map(([column, f]) => ({ column, target: f })),
        customFields: mapping.cf.map(([column, slug]) => ({ column, target: `cf:${slug}` })),
      },
      created: count('create'),
      updated: count('update'),
      skipped: count('skip'),
      errors: errors.sort((a, b) => a.index - b.index),
      contactsCreated: wanted.length,
      cfValuesSet: cfCount(wanted) + cfCount(merges.values()),
      createdIds: [],
      rows: outcomes.sort((a, b) => a.index - b.index),
    };
  }

  const { importId } = run;
  const built = await planImportedContacts(
    table,
    wanted.map((w) => ({ index: w.index, row: run.rowOffset + w.index, contact: w.contact, companyId: opts.companyId, customFields: w.customFields })),
    { importId, now, sourceUrl: opts.sourceUrl, cfDefs: defs, emailIsIdentity: opts.duplicateHandling !== 'create' },
  );
  const written = await built.write();
  // Another import wrote a row's email meanwhile (it lost the marker race): the row is the duplicate it would have been a moment later.
  for (const [index, holder] of built.lostTo) {
    const w = wanted.find((x) => x.index === index)!;
    const o = outcomes.find((x) => x.index === index)!;
    Object.assign(o, { outcome: opts.duplicateHandling, duplicateOf: holder });
    if (opts.duplicateHandling === 'update') merges.set(holder, w);
  }
  const createdWanted = wanted.filter((w) => !built.lostTo.has(w.index));
  const merged = await applyMerges(
    merges,
    async (id, m) => {
      await updateContact(table, id, { ...m.contact.fields, ...(Object.keys(m.customFields).length ? { customFields: m.customFields } : {}) }, now);
      return Object.keys(m.customFields).length;
    },
    'contact',
    errors,
    outcomes,
  );
  const updatedIds = merged.updatedIds;
  const cfValuesSet = cfCount(createdWanted) + merged.cfValuesSet;
  const createdIds = [...written, ...resumed].sort((a, b) => a.index - b.index).map((c) => c.id);
  let listId = opts.listId;
  if (opts.newListName) listId = (await createContactList(table, { name: opts.newListName }, now)).id;
  if (listId) {
    await addMembers(table, listId, createdIds, now);
    for (let i = 0; i < updatedIds.length; i += ADD_MAX) await addContactsToList(table, listId, updatedIds.slice(i, i + ADD_MAX), now);
  }
  return {
    importId,
    created: createdIds.length,
    updated: outcomes.filter((o) => o.outcome === 'update').length,
    skipped: count('skip'),
    errors: errors.sort((a, b) => a.index - b.index),
    contactsCreated: createdIds.length,
    cfValuesSet,
    createdIds,
    ...(listId ? { listId } : {}),
  };
}
