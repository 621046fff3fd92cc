import { badRequest } from '../../platform/errors.js';
import type { Item } from '../../platform/ports/table-store.js';
import type { ChannelType } from './entities.js';
import { normalizeChannel } from './normalize.js';
import type { Channel, Contact, ContactSource } from './types.js';
import { ChannelMarker, ContactChannel, ContactEntity } from './entities.js';

/** The stored shapes of a contact (item, channels, marker) and their API views: pure, no I/O. */
export const iso = (now: number) => new Date(now).toISOString();
export const chanKey = (c: { type: ChannelType; value: string }) => `${c.type}#${c.value}`;
/** The stored contact item, from a Contact (keys and index attributes added; gsi3 when it has a company). */
export function contactItem(c: Contact): Item {
  return ContactEntity.item({ contactId: c.id, companyId: c.companyId }, { ...c });
}
/** The gsi3 attributes that list a contact under its company (set on company change; removed with the link). */
export const companyIndexKeys = (contactId: string, companyId: string) => ContactEntity.indexKeys('byCompany', { contactId, companyId });
/** A channel's own item: written only for a value the contact holds as a duplicate (its marker indexes the first holder). */
export function channelItems(contactId: string, ch: Channel): Item {
  return ContactChannel.item({ contactId, type: ch.type, value: ch.value }, { contactId, ...ch });
}
/** The channel items a contact's channels need: one per duplicate channel. */
export const duplicateChannelItems = (contactId: string, channels: Channel[]) =>
  channels.filter((ch) => ch.duplicateOf).map((ch) => channelItems(contactId, ch));
/** The marker of the value's first holder; also its entry among the value's holders (gsi1). */
export function markerItem(contactId: string, type: ChannelType, value: string, now: number): Item {
  return ChannelMarker.item({ type, value, contactId }, { contactId, type, value, createdAt: iso(now) });
}
/** The API shape of a stored contact item. */
export const toContact = (item: Item): Contact => ContactEntity.view(item);
export function withPrimaries(c: Contact): Contact {
  return { ...c, email: c.channels.find((x) => x.type === 'email')?.value, phone: c.channels.find((x) => x.type === 'phone')?.value };
}
export function normalizeSource(src: Partial<ContactSource> | undefined, now: number): ContactSource {
  const s: ContactSource = { kind: src?.kind ?? 'manual', collectedAt: src?.collectedAt ?? iso(now) };
  if (src?.sourceUrl) s.sourceUrl = src.sourceUrl;
  if (src?.importId) s.importId = src.importId;
  return s;
}
export function requireChannel(type: ChannelType, raw: unknown) {
  const value = normalizeChannel(type, raw);
  if (!value) throw badRequest([`${type === 'email' ? 'email must be an email' : 'phone must be a phone number (7 to 15 digits)'}`]);
  return value;
}
