import { newId } from '../../platform/data/ids.js';
import type { Condition, TableStore } from '../../platform/ports/table-store.js';
import { contactItem, markerItem, withPrimaries } from '../contacts/items.js';
import type { Channel, Contact } from '../contacts/types.js';
import type { CfValues } from '../custom-fields/values.js';
import { contactDependents } from './dependents.js';
import type { CustomFieldDefinition } from '../custom-fields/definitions.js';
import type { ParsedContact } from './mapping.js';
import { writeGroups, type WriteGroup } from './writer.js';
import { ChannelMarker, ContactEntity, type ChannelType } from '../contacts/entities.js';
import { heldContacts, heldKey, identityOf, type StoredContact } from './held-contacts.js';

export interface WantedContact {
  index: number;
  /** The row in the whole file (recorded as the contact's `importRow`: a chunk run again finds what it wrote). */
  row?: number;
  contact: ParsedContact;
  companyId?: string;
  /**
   * The company existed before this write: besides the marker of the row's email or phone (checked for
   * every company, held-contacts.ts), its contacts are read when the marker does not settle it.
   */
  existingCompany?: boolean;
  customFields?: CfValues;
}

const ck = (type: ChannelType, value: string) => `${type}#${value}`;
const split = (v: string) => v.split(/#(.*)/s) as [ChannelType, string];
type MarkerRow = { contactId: string; type: ChannelType; value: string };

/**
 * Contacts of an import as write groups (writer.ts writeGroups): each contact's channel markers and its
 * item commit in one transaction, so a marker never names a contact that was not written and
 * `duplicateOf` always names a stored contact; channel items of its duplicate addresses and its
 * number-index items (dependents.ts) follow by BatchWriteItem, journalled for the recovery pass (its
 * company link is the contact item's gsi3 entry, its first-held addresses are indexed by their markers).
 * Markers are read in one batch first: a held value gives the new channel `duplicateOf`; a marker
 * whose contact is gone (deleted, or left by a crashed import before this rule) is taken over at once.
 * A race lost at write time (another import took the value meanwhile) rebuilds the group with
 * `duplicateOf` the winner. `onePerCompany` (the combined import): a contact is created once per company and identity (held-contacts.ts):
 * rows repeating one are dropped, and so is a row whose company holds it already; `resumed` lists the
 * ones an earlier attempt of this import wrote for their row (created, as that attempt would have said).
 * `emailIsIdentity` (the contact import's skip and update: duplicates by email): a contact whose email
 * marker race is lost is not written either; `lostTo` names, by row index, the contact that holds it.
 */
export async function planImportedContacts(
  table: TableStore,
  wanted: WantedContact[],
  opts: {
    importId: string;
    now: number;
    genericName?: string;
    sourceUrl?: string;
    cfDefs?: Map<string, CustomFieldDefinition>;
    onePerCompany?: boolean;
    emailIsIdentity?: boolean;
  },
) {
  const at = new Date(opts.now).toISOString();
  const values = [
    ...new Set(
      wanted.flatMap((w) => [w.contact.email && ck('email', w.contact.email), w.contact.phone && ck('phone', w.contact.phone)].filter((v): v is string => !!v)),
    ),
  ];
  const markers = await table.batchGet<MarkerRow>(values.map(split).map(([type, value]) => ChannelMarker.key({ type, value })));
  const holders = new Map(
    (await table.batchGet<StoredContact>([...new Set(markers.map((m) => m.contactId))].map((id) => ContactEntity.key({ contactId: id })))).map((c) => [
      c.id,
      c,
    ]),
  );
  const owner = new Map(markers.filter((m) => holders.has(m.contactId)).map((m) => [ck(m.type, m.value), m.contactId]));
  const stale = new Map(markers.filter((m) => !holders.has(m.contactId)).map((m) => [ck(m.type, m.value), m.contactId]));

  const held = opts.onePerCompany ? await heldContacts(table, wanted, (identity) => holders.get(owner.get(identity) ?? '')) : new Map();
  const seen = new Set<string>();
  const resumed: string[] = [];
  const todo = wanted.filter((w) => {
    if (!opts.onePerCompany || !w.companyId) return true;
    const key = heldKey(w.companyId, identityOf(w.contact));
    if (seen.has(key)) return false;
    seen.add(key);
    const h = held.get(key);
    if (h && h.source?.importId === opts.importId && h.importRow === w.row) resumed.push(h.id);
    return !h;
  });
  const rowOf = new Map<string, number>();
  const indexOf = new Map<string, number>();
  const claimCondition = (key: string): Condition =>
    stale.has(key) ? { expression: 'attribute_not_exists(pk) OR contactId = :old', values: { ':old': stale.get(key) } } : ChannelMarker.notExists;

  const contacts: Contact[] = todo.map((w) => {
    const id = newId(opts.now);
    const c: Contact = {
      id,
      channels: [],
      customFields: w.customFields ?? {},
      source: { kind: 'import', importId: opts.importId, collectedAt: at, ...(opts.sourceUrl ? { sourceUrl: opts.sourceUrl } : {}) },
      createdAt: at,
      updatedAt: at,
      ...w.contact.fields,
    };
    if (!c.firstName && w.contact.email && opts.genericName) Object.assign(c, { firstName: opts.genericName, generic: true });
    if (w.companyId) c.companyId = w.companyId;
    if (w.row !== undefined) rowOf.set(id, w.row);
    indexOf.set(id, w.index);
    for (const [type, value] of [
      ['email', w.contact.email],
      ['phone', w.contact.phone],
    ] as const) {
      if (!value) continue;
      const channel: Channel = { type, value, addedAt: at };
      const held = owner.get(ck(type, value));
      if (held) channel.duplicateOf = held;
      else owner.set(ck(type, value), id); // later rows of this import with the value point here
      c.channels.push(channel);
    }
    return c;
  });
  const claimed = new Set(contacts.flatMap((c) => c.channels.filter((ch) => !ch.duplicateOf).map((ch) => `${c.id}|${ck(ch.type, ch.value)}`)));
  /** `contactId|type#value`: a contact of this write lost the value's marker race; its later duplicates name the value's holder instead. */
  const lostValues = new Set<string>();
  /** Not written: another import gave its company the same contact meanwhile (the marker race was lost to it). */
  const dropped = new Set<string>();
  /** Row index → the contact holding the email this row's contact lost (`emailIsIdentity`). */
  const lostTo = new Map<number, string>();
  /** Not written: the contact id an overlapping attempt of this import wrote for the same row. */
  const sameRow = new Map<string, string>();

  const group = (c: Contact): WriteGroup => {
    const claims = c.channels.filter((ch) => claimed.has(`${c.id}|${ck(ch.type, ch.value)}`));
    const full = withPrimaries(c);
    return {
      puts: [
        ...claims.map((ch) => ({ put: markerItem(c.id, ch.type, ch.value, opts.now), condition: claimCondition(ck(ch.type, ch.value)) })),
        { put: { ...contactItem(full), ...(rowOf.has(c.id) ? { importRow: rowOf.get(c.id) } : {}) } },
      ],
      anchor: { kind: 'contact', id: c.id },
      after: contactDependents(full, opts.cfDefs),
      onConflict: async (i) => {
        const lost = claims[i];
        if (!lost) throw new Error('import contact write failed on an unconditioned item');
        const holder = await table.get<MarkerRow>(ChannelMarker.key({ type: lost.type, value: lost.value }));
        claimed.delete(`${c.id}|${ck(lost.type, lost.value)}`);
        stale.delete(ck(lost.type, lost.value));
        if (holder && holder.contactId !== c.id) {
          lost.duplicateOf = holder.contactId;
          lostValues.add(`${c.id}|${ck(lost.type, lost.value)}`);
          const identity = c.channels.find((ch) => ch.type === 'email') ?? c.channels[0];
          const isIdentity = identity === lost && (opts.onePerCompany ? !!c.companyId : !!opts.emailIsIdentity && lost.type === 'email');
          const winner = isIdentity ? await table.get<StoredContact>(ContactEntity.key({ contactId: holder.contactId })) : undefined;
          // Another attempt of this import (an overlapping worker) wrote this very row: that is this row's contact.
          if (winner?.source?.importId === opts.importId && winner.importRow !== undefined && winner.importRow === rowOf.get(c.id))
            return (dropped.add(c.id), sameRow.set(c.id, winner.id), undefined);
          if (winner && !opts.onePerCompany) return (dropped.add(c.id), lostTo.set(indexOf.get(c.id)!, winner.id), undefined);
          if (winner && winner.companyId === c.companyId) return (dropped.add(c.id), undefined);
        }
        return group(c);
      },
    };
  };
  // A contact naming another contact of this write (`duplicateOf`) is written after it, once that one
  // is settled: if it lost that value's marker race or was dropped, the duplicate names the value's
  // holder now, or takes the marker itself when nobody holds it (a race only: rare, one read each).
  const ofThisWrite = new Set(contacts.map((c) => c.id));
  const later = new Set(contacts.filter((c) => c.channels.some((ch) => ch.duplicateOf && ofThisWrite.has(ch.duplicateOf))));
  const settleLater = async (c: Contact) => {
    for (const ch of c.channels) {
      if (!ch.duplicateOf || !(dropped.has(ch.duplicateOf) || lostValues.has(`${ch.duplicateOf}|${ck(ch.type, ch.value)}`))) continue;
      const marker = await table.get<MarkerRow>(ChannelMarker.key({ type: ch.type, value: ch.value }));
      if (marker) ch.duplicateOf = marker.contactId;
      else (delete ch.duplicateOf, claimed.add(`${c.id}|${ck(ch.type, ch.value)}`));
    }
  };
  return {
    resumed,
    /** How many contacts `write` would create (before any race). */
    planned: contacts.length,
    /** After `write`: the rows whose contact was not written because another contact took its email meanwhile (`emailIsIdentity`). */
    lostTo,
    /** Writes the contacts; answers the ones written (not dropped; or written for their row by another attempt of this import) with their rows' indexes. */
    write: async () => {
      await writeGroups(table, contacts.filter((c) => !later.has(c)).map(group));
      for (const c of later) await settleLater(c);
      if (later.size) await writeGroups(table, [...later].map(group));
      return contacts.filter((c) => !dropped.has(c.id) || sameRow.has(c.id)).map((c) => ({ id: sameRow.get(c.id) ?? c.id, index: indexOf.get(c.id)! }));
    },
  };
}
