import type { TableStore } from '../../platform/ports/table-store.js';
import { companyContactIds } from '../contacts/company-contacts.js';
import { ContactEntity } from '../contacts/entities.js';
import { CONTACT_FIELDS, type Channel } from '../contacts/types.js';
import type { ParsedContact } from './mapping.js';
import { pool } from './writer.js';

/** A stored contact as the import reads it. */
export type StoredContact = {
  id: string;
  companyId?: string;
  channels?: Channel[];
  source?: { importId?: string };
  importRow?: number;
} & Partial<Record<(typeof CONTACT_FIELDS)[number], string>>;

const fieldsIdentity = (fields: Partial<Record<(typeof CONTACT_FIELDS)[number], string>>) =>
  `fields#${JSON.stringify(CONTACT_FIELDS.map((f) => fields[f]?.trim().toLowerCase() ?? ''))}`;

/**
 * What makes a row's contact the same contact within its company: its email, else its phone, else
 * its fields (names, position, …). A company holds one contact per identity, however often its rows
 * are imported.
 */
export const identityOf = (c: ParsedContact) => (c.email ? `email#${c.email}` : c.phone ? `phone#${c.phone}` : fieldsIdentity(c.fields));
const identitiesOf = (c: StoredContact) => [...(c.channels ?? []).map((ch) => `${ch.type}#${ch.value}`), fieldsIdentity(c)];
export const heldKey = (companyId: string, identity: string) => `${companyId}|${identity}`;

/**
 * The contacts the rows' companies hold already, by `heldKey`. A channel's marker settles most rows
 * without a read: no marker, no contact has the value; the marker's contact in the row's company, that
 * contact. This holds for a company this write has just created too: once committed, another import of
 * the same rows (a job resumed after a crash beside a new job of the same file) finds it existing and
 * may give it the row's contact before this write reads the markers. Otherwise (the value is held in
 * another company, or the row has neither email nor phone) the contacts of a company that existed
 * before this write are read, once per company; a company this write created is not read (a contact
 * without a marker of its own has no write to race on, so the read would narrow that race, not close it).
 */
export async function heldContacts(
  table: TableStore,
  wanted: { contact: ParsedContact; companyId?: string; existingCompany?: boolean }[],
  markerHolder: (identity: string) => StoredContact | undefined,
) {
  const held = new Map<string, StoredContact>();
  const toRead = new Set<string>();
  for (const w of wanted) {
    if (!w.companyId) continue;
    const identity = identityOf(w.contact);
    const holder = identity.startsWith('fields#') ? undefined : markerHolder(identity);
    if (holder?.companyId === w.companyId) held.set(heldKey(w.companyId, identity), holder);
    else if (w.existingCompany && (holder || identity.startsWith('fields#'))) toRead.add(w.companyId);
  }
  await pool([...toRead], 8, async (companyId) => {
    const ids = await companyContactIds(table, companyId, 2_000);
    for (const c of await table.batchGet<StoredContact>(ids.map((id) => ContactEntity.key({ contactId: id }))))
      if (c.companyId === companyId)
        for (const identity of identitiesOf(c)) if (!held.has(heldKey(companyId, identity))) held.set(heldKey(companyId, identity), c);
  });
  return held;
}
