import { newId } from '../data/ids.js';
import type { Condition, TableStore } from '../ports/table-store.js';
import { contactItem, markerItem, withPrimaries } from '../contacts/items.js';
import type { Channel, Contact } from '../contacts/types.js';
import type { CfValues } from '../custom-fields/values.js';
import { contactDependents } from './dependents.js';
import type { CustomFieldDefinition } from '../custom-fields/definitions.js';
import type { ParsedContact } from './mapping.js';
import type { WriteGroup } from './writer.js';
import { ChannelMarker, ContactEntity, type ChannelType } from '../contacts/entities.js';

export interface WantedContact {
  index: number;
  contact: ParsedContact;
  companyId?: string;
  /** The company existed before the import: a contact already linked to it with the same email is not created again. */
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
 * `duplicateOf` the winner.
 */
export async function planImportedContacts(
  table: TableStore,
  wanted: WantedContact[],
  opts: { importId: string; now: number; genericName?: string; sourceUrl?: string; cfDefs?: Map<string, CustomFieldDefinition> },
) {
  const at = new Date(opts.now).toISOString();
  const values = [
    ...new Set(
      wanted.flatMap((w) => [w.contact.email && ck('email', w.contact.email), w.contact.phone && ck('phone', w.contact.phone)].filter((v): v is string => !!v)),
    ),
  ];
  const markers = await table.batchGet<MarkerRow>(values.map(split).map(([type, value]) => ChannelMarker.key({ type, value })));
  const holders = await table.batchGet<{ id: string; companyId?: string }>(
    [...new Set(markers.map((m) => m.contactId))].map((id) => ContactEntity.key({ contactId: id })),
  );
  const holderCompany = new Map(holders.map((c) => [c.id, c.companyId]));
  const owner = new Map(markers.filter((m) => holderCompany.has(m.contactId)).map((m) => [ck(m.type, m.value), m.contactId]));
  const stale = new Map(markers.filter((m) => !holderCompany.has(m.contactId)).map((m) => [ck(m.type, m.value), m.contactId]));

  // Re-imports into existing companies: skip a contact whose email already belongs to a contact of that company.
  const todo = wanted.filter(
    (w) => !(w.existingCompany && w.contact.email && holderCompany.get(owner.get(ck('email', w.contact.email)) ?? '') === w.companyId),
  );
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

  const group = (c: Contact): WriteGroup => {
    const claims = c.channels.filter((ch) => claimed.has(`${c.id}|${ck(ch.type, ch.value)}`));
    const full = withPrimaries(c);
    return {
      puts: [
        ...claims.map((ch) => ({ put: markerItem(c.id, ch.type, ch.value, opts.now), condition: claimCondition(ck(ch.type, ch.value)) })),
        { put: contactItem(full) },
      ],
      anchor: { kind: 'contact', id: c.id },
      after: contactDependents(full, opts.cfDefs),
      onConflict: async (i) => {
        const lost = claims[i];
        if (!lost) throw new Error('import contact write failed on an unconditioned item');
        const holder = await table.get<MarkerRow>(ChannelMarker.key({ type: lost.type, value: lost.value }));
        claimed.delete(`${c.id}|${ck(lost.type, lost.value)}`);
        stale.delete(ck(lost.type, lost.value));
        if (holder && holder.contactId !== c.id) lost.duplicateOf = holder.contactId;
        return group(c);
      },
    };
  };
  return { groups: contacts.map(group), contacts, created: () => contacts.map(withPrimaries) };
}
