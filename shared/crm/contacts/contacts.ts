import { badRequest, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import { ConditionFailed, exists, notExists, type TableStore, type TxOp } from '../../platform/ports/table-store.js';
import type { ChannelType } from './entities.js';
import { normalizeChannel } from './normalize.js';
import { companyExists, companyKey, contactCustomFieldCleanup, contactCustomFields } from './refs.js';
import { CONTACT_FIELDS, type Channel, type Contact, type ContactInput } from './types.js';
import {
  chanKey,
  companyIndexKeys,
  contactItem,
  duplicateChannelItems,
  iso,
  markerItem,
  normalizeSource,
  requireChannel,
  toContact,
  withPrimaries,
} from './items.js';
import { handOverMarker, transactWithMarkers } from './markers.js';
import { ChannelMarker, channelHolders, CompanyContact, ContactChannel, ContactEntity } from './entities.js';
import { ContactListEntity, ContactListMember } from '../contact-lists/entities.js';

/** A contact holds at most this many channels (its delete must fit one transaction). */
export const MAX_CHANNELS = 20;

/**
 * Creates a contact with its email/phone channels and marker items, in one transaction. The company
 * link is the contact item's gsi3 entry; a channel has its own item only as a duplicate.
 */
export async function createContact(table: TableStore, input: ContactInput, now: number): Promise<Contact> {
  const at = iso(now);
  const id = newId(now);
  const wanted: { type: ChannelType; value: string }[] = [];
  if (input.email !== undefined) wanted.push({ type: 'email', value: requireChannel('email', input.email) });
  if (input.phone !== undefined) wanted.push({ type: 'phone', value: requireChannel('phone', input.phone) });
  const cf = await contactCustomFields(table, id, {}, input.customFields);
  const base: Contact = { id, channels: [], customFields: cf.values, source: normalizeSource(input.source, now), createdAt: at, updatedAt: at };
  for (const f of CONTACT_FIELDS) if (input[f] !== undefined) base[f] = input[f];
  if (input.companyId) base.companyId = input.companyId;
  let contact = base;
  await transactWithMarkers(table, (dups) => {
    const channels = wanted.map((w) => ({ ...w, addedAt: at, ...(dups.has(chanKey(w)) ? { duplicateOf: dups.get(chanKey(w)) } : {}) }));
    contact = withPrimaries({ ...base, channels });
    const ops: TxOp[] = [{ put: contactItem(contact), condition: notExists }, ...duplicateChannelItems(id, channels).map((put) => ({ put })), ...cf.ops];
    const markers = new Map<number, { type: ChannelType; value: string }>();
    for (const ch of channels) {
      if (ch.duplicateOf) continue;
      markers.set(ops.length, ch);
      ops.push({ put: markerItem(id, ch.type, ch.value, now), condition: notExists });
    }
    let companyCheck: number | undefined;
    if (input.companyId) {
      companyCheck = ops.length;
      ops.push({ check: companyKey(input.companyId), condition: companyExists });
    }
    return { ops, markers, companyCheck };
  });
  return contact;
}

export async function getContact(table: TableStore, id: string): Promise<Contact> {
  const item = await table.get(ContactEntity.key({ contactId: id }));
  if (!item) throw notFound('Contact');
  return toContact(item);
}

/**
 * Adds an email or phone channel. Idempotent for a value the contact already has. The response
 * carries `duplicateOf` when another contact of the tenant already holds the value.
 */
export async function addChannel(table: TableStore, contactId: string, raw: { type: ChannelType; value: string }, now: number) {
  const value = requireChannel(raw.type, raw.value);
  for (let attempt = 0; attempt < 5; attempt++) {
    const contact = await getContact(table, contactId);
    const existing = contact.channels.find((c) => c.type === raw.type && c.value === value);
    if (existing) return { contactId, ...existing };
    if (contact.channels.length >= MAX_CHANNELS) throw badRequest([`a contact holds at most ${MAX_CHANNELS} channels`]);
    const at = iso(now);
    let added: Channel = { type: raw.type, value, addedAt: at };
    try {
      await transactWithMarkers(table, (dups) => {
        const dup = dups.get(chanKey(added));
        added = { type: raw.type, value, addedAt: at, ...(dup ? { duplicateOf: dup } : {}) };
        const next = withPrimaries({ ...contact, channels: [...contact.channels, added], updatedAt: at });
        const ops: TxOp[] = [
          {
            update: ContactEntity.key({ contactId }),
            spec: {
              set: { channels: next.channels, email: next.email, phone: next.phone, updatedAt: at },
              condition: { expression: 'updatedAt = :u', values: { ':u': contact.updatedAt } },
            },
          },
          ...duplicateChannelItems(contactId, [added]).map((put) => ({ put })),
        ];
        const markers = new Map<number, { type: ChannelType; value: string }>();
        if (!dup) {
          markers.set(ops.length, added);
          ops.push({ put: markerItem(contactId, raw.type, value, now), condition: notExists });
        }
        return { ops, markers };
      });
      return { contactId, ...added };
    } catch (e) {
      // The contact changed (or vanished) under us: read it again.
      if (e instanceof ConditionFailed) continue;
      throw e;
    }
  }
  throw badRequest(['contact is being changed concurrently; retry']);
}

export interface ContactPatch {
  firstName?: string | null;
  lastName?: string | null;
  position?: string | null;
  personalEmail?: string | null;
  linkedin?: string | null;
  companyId?: string | null;
  customFields?: Record<string, unknown>;
}

/** Updates plain fields, the company link and (merged) custom fields. `null` clears a field. */
export async function updateContact(table: TableStore, id: string, patch: ContactPatch, now: number): Promise<Contact> {
  const contact = await getContact(table, id);
  const at = iso(now);
  const set: Record<string, unknown> = { updatedAt: at };
  for (const f of CONTACT_FIELDS) if (patch[f] !== undefined) set[f] = patch[f] ?? undefined;
  const cf = await contactCustomFields(table, id, contact.customFields as Record<string, string | number>, patch.customFields);
  if (patch.customFields) set.customFields = cf.values;
  const ops: TxOp[] = [
    { update: ContactEntity.key({ contactId: id }), spec: { set, condition: { expression: 'updatedAt = :u', values: { ':u': contact.updatedAt } } } },
    ...cf.ops,
  ];
  let companyCheck: number | undefined;
  const companyChanged = patch.companyId !== undefined && patch.companyId !== (contact.companyId ?? null);
  if (companyChanged) {
    // The link is the contact item's gsi3 entry (set, or removed with the company); a legacy link item goes.
    set.companyId = patch.companyId ?? undefined;
    if (contact.companyId) ops.push({ delete: CompanyContact.key({ companyId: contact.companyId, contactId: id }) });
    if (patch.companyId) {
      Object.assign(set, companyIndexKeys(id, patch.companyId));
      companyCheck = ops.length;
      ops.push({ check: companyKey(patch.companyId), condition: companyExists });
    } else Object.assign(set, { gsi3pk: undefined, gsi3sk: undefined });
  } else if (contact.companyId && (patch.firstName !== undefined || patch.lastName !== undefined)) {
    // A legacy link item carries the names (companies `contacts` filter): it is replaced by the gsi3 entry.
    Object.assign(set, companyIndexKeys(id, contact.companyId));
    ops.push({ delete: CompanyContact.key({ companyId: contact.companyId, contactId: id }) });
  }
  try {
    await table.transact(ops);
  } catch (e) {
    if (e instanceof ConditionFailed && companyCheck !== undefined && e.reasons[companyCheck] === 'ConditionalCheckFailed') throw notFound('Company');
    if (e instanceof ConditionFailed) throw badRequest(['contact was changed concurrently; retry']);
    throw e;
  }
  return getContact(table, id);
}

/**
 * Deletes a contact, its channels, the markers it owns (handed to the next holder of the value, if
 * any), its company link and its list memberships.
 */
export async function deleteContact(table: TableStore, id: string, now: number) {
  const contact = await getContact(table, id);
  const owned: Channel[] = [];
  for (const ch of contact.channels) if (!ch.duplicateOf) owned.push(ch);
  const ops: TxOp[] = [
    { delete: ContactEntity.key({ contactId: id }), condition: exists },
    ...contact.channels.map((ch) => ({ delete: ContactChannel.key({ contactId: id, type: ch.type, value: ch.value }) })),
  ];
  for (const ch of owned)
    ops.push({
      delete: ChannelMarker.key({ type: ch.type, value: ch.value }),
      condition: { expression: 'attribute_not_exists(pk) OR contactId = :me', values: { ':me': id } },
    });
  if (contact.companyId) ops.push({ delete: CompanyContact.key({ companyId: contact.companyId, contactId: id }) });
  ops.push(...(await contactCustomFieldCleanup(table, id)));
  try {
    await table.transact(ops);
  } catch (e) {
    if (e instanceof ConditionFailed && (e.reasons[0] ?? 'ConditionalCheckFailed') === 'ConditionalCheckFailed' && e.index === 0) throw notFound('Contact');
    throw e;
  }
  await removeMemberships(table, id);
  for (const ch of owned) await handOverMarker(table, ch.type, ch.value, id, now);
  return { id, deleted: true };
}

async function removeMemberships(table: TableStore, contactId: string) {
  for (let cursor: string | undefined, i = 0; i < 100; i++) {
    const page = await table.query<{ pk: string; sk: string; listId: string }>({
      index: 'gsi1',
      pk: ContactListMember.query('byContact', { contactId: contactId }).pk,
      cursor,
      limit: 100,
    });
    // Each membership leaves with its list's count in one transaction (a member and its list: 2 items).
    for (const m of page.items) {
      await table
        .transact([
          // Conditional: a membership removed meanwhile (contact_lists_remove_contacts) is not counted twice.
          { delete: { pk: m.pk, sk: m.sk }, condition: exists },
          {
            update: ContactListEntity.key({ listId: String(m.listId) }),
            spec: { add: { memberCount: -1 }, condition: { expression: 'attribute_exists(pk)' } },
          },
        ])
        .catch((e) => {
          if (!(e instanceof ConditionFailed)) throw e;
        });
    }
    cursor = page.cursor;
    if (!cursor) break;
  }
}

/** Every contact of the tenant holding this email (first owner first), with its recorded source. */
export async function findContactsByEmail(table: TableStore, email: string): Promise<Contact[]> {
  const value = normalizeChannel('email', email);
  if (!value) return [];
  const marker = await table.get<{ contactId: string }>(ChannelMarker.key({ type: 'email', value }));
  const ids: string[] = marker ? [marker.contactId] : [];
  for (let cursor: string | undefined, i = 0; i < 20; i++) {
    const page = await table.query<{ contactId: string }>({ ...channelHolders('email', value), cursor, limit: 100 });
    for (const it of page.items) if (!ids.includes(it.contactId)) ids.push(it.contactId);
    cursor = page.cursor;
    if (!cursor) break;
  }
  if (!ids.length) return [];
  const items = await table.batchGet(ids.map((id) => ContactEntity.key({ contactId: id })));
  const byId = new Map(items.map((it) => [String(it.id), toContact(it)]));
  return ids.map((id) => byId.get(id)).filter((c): c is Contact => !!c);
}
