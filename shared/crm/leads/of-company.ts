import { notFound } from '../../platform/errors.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import { CompanyEntity, isCompany } from '../companies/entities.js';
import { companyContactIds } from '../contacts/company-contacts.js';
import { LeadEntity } from './entities.js';

/** Contacts of a company whose leads are read, and leads read per contact (its newest). */
export const LEAD_CONTACTS_MAX = 200;
export const LEADS_PER_CONTACT = 20;
const PARALLEL = 10;

/**
 * The leads of a company: a lead belongs to a contact (gsi2 `byContact`), so the company's contacts are
 * read (up to LEAD_CONTACTS_MAX) and then each one's newest leads, newest first overall. `complete` is
 * false when the company has more contacts or a contact more leads than were read. 404 for an unknown company.
 */
export async function leadsOfCompany(table: TableStore, companyId: string) {
  if (!isCompany(await table.get(CompanyEntity.key({ companyId })))) throw notFound('Company');
  const contactIds = await companyContactIds(table, companyId, LEAD_CONTACTS_MAX + 1);
  let complete = contactIds.length <= LEAD_CONTACTS_MAX;
  const read = contactIds.slice(0, LEAD_CONTACTS_MAX);
  const leads = [];
  for (let i = 0; i < read.length; i += PARALLEL) {
    const pages = await Promise.all(
      read
        .slice(i, i + PARALLEL)
        .map((contactId) => table.query({ ...LeadEntity.query('byContact', { contactId }), limit: LEADS_PER_CONTACT, descending: true })),
    );
    for (const page of pages) {
      if (page.cursor) complete = false;
      leads.push(...page.items.map(LeadEntity.view));
    }
  }
  leads.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  return { companyId, data: leads, complete };
}
