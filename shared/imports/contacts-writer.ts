import { newId } from '../identity/api-keys.js';
import type { Item, TableStore } from '../ports/table-store.js';
import { channelItems, contactItem, linkItem, markerItem, withPrimaries } from '../contacts/items.js';
import type { ChannelType } from '../contacts/entities.js';
import type { Channel, Contact } from '../contacts/types.js';
import { numberIndexOps, type CfValues } from '../custom-fields/values.js';
import type { CustomFieldDefinition } from '../custom-fields/definitions.js';
import type { ParsedContact } from './mapping.js';
import { claimMarkers } from './writer.js';
import { ChannelMarker, ContactEntity } from '../contacts/entities.js';

export interface WantedContact {
  index: number;
  contact: ParsedContact;
  companyId?: string;
  /** The company existed before the import: a contact already linked to it with the same email is not created again. */
  existingCompany?: boolean;
  customFields?: CfValues;
}

const ck = (type: ChannelType, value: string) => `${type}#${value}`;

/**
 * Contact items of an import: the channel markers are claimed with conditional writes (the first
 * holder keeps the marker; later holders, in the file or already stored, get `duplicateOf`), the
 * rest (contact, channel and link items) is returned for BatchWrite.
 */
export async function buildImportedContacts(table: TableStore, wanted: WantedContact[], opts: { importId: string; now: number; genericName?: string; sourceUrl?: string; cfDefs?: Map<string, CustomFieldDefinition> }) {
  const at = new Date(opts.now).toISOString();
  const values = [...new Set(wanted.flatMap((w) => [w.contact.email && ck('email', w.contact.email), w.contact.phone && ck('phone', w.contact.phone)].filter((v): v is string => !!v)))];
  const split = (v: string) => v.split(/#(.*)/s) as [ChannelType, string];
  const markers = await table.batchGet<{ contactId: string; type: ChannelType; value: string }>(values.map((v) => split(v)).map(([type, value]) => ChannelMarker.key({ type, value })));
  const owner = new Map(markers.map((m) => [ck(m.type, m.value), m.contactId]));

  // Re-imports into existing companies: skip a contact whose email already belongs to a contact of that company.
  const ownersToCheck = [...new Set(wanted.filter((w) => w.existingCompany && w.contact.email && owner.has(ck('email', w.contact.email))).map((w) => owner.get(ck('email', w.contact.email!))!))];
  const ownerCompany = new Map((await table.batchGet<{ id: string; companyId?: string }>(ownersToCheck.map((id) => ContactEntity.key({ contactId: id })))).map((c) => [c.id, c.companyId]));
  const todo = wanted.filter((w) => !(w.existingCompany && w.contact.email && ownerCompany.get(owner.get(ck('email', w.contact.email)) ?? '') === w.companyId));

  const contacts: Contact[] = todo.map((w) => {
    const id = newId(opts.now);
    const c: Contact = { id, channels: [], customFields: w.customFields ?? {}, source: { kind: 'import', importId: opts.importId, collectedAt: at, ...(opts.sourceUrl ? { sourceUrl: opts.sourceUrl } : {}) }, createdAt: at, updatedAt: at, ...w.contact.fields };
    if (!c.firstName && w.contact.email && opts.genericName) Object.assign(c, { firstName: opts.genericName, generic: true });
    if (w.companyId) c.companyId = w.companyId;
    return c;
  });
  const claims: { contact: Contact; channel: Channel }[] = [];
  todo.forEach((w, i) => {
    for (const [type, value] of [['email', w.contact.email], ['phone', w.contact.phone]] as const) {
      if (!value) continue;
      const channel: Channel = { type, value, addedAt: at };
      const held = owner.get(ck(type, value));
      if (held) channel.duplicateOf = held;
      else {
        owner.set(ck(type, value), contacts[i].id);
        claims.push({ contact: contacts[i], channel });
      }
      contacts[i].channels.push(channel);
    }
  });
  const results = await claimMarkers(table, claims.map((c) => ({ items: [markerItem(c.contact.id, c.channel.type, c.channel.value, opts.now)] })));
  const lost = claims.filter((_, i) => !results[i].won);
  if (lost.length) {
    const holders = await table.batchGet<{ contactId: string; type: ChannelType; value: string }>(lost.map((c) => ChannelMarker.key({ type: c.channel.type, value: c.channel.value })));
    const by = new Map(holders.map((h) => [ck(h.type, h.value), h.contactId]));
    for (const c of lost) c.channel.duplicateOf = by.get(ck(c.channel.type, c.channel.value));
  }
  const items: Item[] = [];
  for (const raw of contacts) {
    const c = withPrimaries(raw);
    items.push(contactItem(c), ...c.channels.map((ch) => channelItems(c.id, ch)));
    if (c.companyId) items.push(linkItem(c.companyId, c));
    if (opts.cfDefs) for (const op of numberIndexOps('contact', c.id, opts.cfDefs, {}, c.customFields as CfValues)) if ('put' in op) items.push(op.put);
  }
  return { items, created: contacts.length, contacts: contacts.map(withPrimaries) };
}
