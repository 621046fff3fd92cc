import { findContactsByEmail, getContact } from '../../crm/contacts/contacts.js';
import { normalizeEmail } from '../../crm/contacts/normalize.js';
import { badRequest } from '../../platform/errors.js';
import type { TableStore } from '../../platform/ports/table-store.js';

/** A recipient given as an email address (linked to its contact when there is one) or as a contact id (404 Contact when absent). */
export async function resolveRecipient(table: TableStore, recipient: string): Promise<{ to: string; contactId: string | null }> {
  if (recipient.includes('@')) {
    const to = normalizeEmail(recipient);
    if (!to) throw badRequest(['recipient must be an email address or a contact id']);
    return { to, contactId: (await findContactsByEmail(table, to))[0]?.id ?? null };
  }
  const contact = await getContact(table, recipient);
  if (!contact.email) throw badRequest(['the contact has no email channel']);
  return { to: contact.email, contactId: contact.id };
}
