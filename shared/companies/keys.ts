/**
 * Tenant-table keys of companies, declared once (part A of CRM core owns them).
 *
 * - company:          COMPANY#<id> / COMPANY
 *     gsi1: COMPANIES / <createdAt ISO>#<id>       every company in creation order (list default, createdAt range)
 *     gsi3: COMPANIES#NAME / <lower name>#<id>     every company by name (sort=name)
 * - contact link:     COMPANY#<id> / CONTACT#<contactId>   written by the contacts domain (shared/contacts/keys.ts);
 *                     read here for the `contacts` relation filter. Attributes read: contactId and, when present,
 *                     name, firstName, lastName, email (else the contact item CONTACT#<contactId>/CONTACT is read).
 * - number custom-field values live in shared/custom-fields/keys.ts (gsi2, one item per value).
 *
 * Import dedupe markers (domain / INN) belong to the import code, not to these keys: a single create never dedupes.
 */
export const CompanyKeys = {
  company: (companyId: string) => ({ pk: `COMPANY#${companyId}`, sk: 'COMPANY' }),
  byCreated: (createdAt: string, companyId: string) => ({ gsi1pk: COMPANIES_BY_CREATED, gsi1sk: `${createdAt}#${companyId}` }),
  byName: (name: string, companyId: string) => ({ gsi3pk: COMPANIES_BY_NAME, gsi3sk: `${nameSortKey(name)}#${companyId}` }),
  contactLink: (companyId: string, contactId: string) => ({ pk: `COMPANY#${companyId}`, sk: `CONTACT#${contactId}` }),
};

export const COMPANIES_BY_CREATED = 'COMPANIES';
export const COMPANIES_BY_NAME = 'COMPANIES#NAME';
export const COMPANY_CONTACT_LINK_PREFIX = 'CONTACT#';

/** Case-folded, bounded name prefix: the sort key of the by-name index. */
export const nameSortKey = (name: string) => name.trim().toLowerCase().slice(0, 120);
