import type { Company } from '../../crm/companies/model.js';
import type { Contact } from '../../crm/contacts/types.js';

/**
 * The variable names of the template language (`{{name}}`):
 * - contact: firstName, lastName, fullName, position, email, phone, linkedin;
 * - company: company.name, company.domain, company.website, company.industry, company.city,
 *   company.country, company.size, company.phone, company.address, company.inn, company.description;
 * - custom fields: cf.<slug> (the contact's value, else the company's).
 */
export const CONTACT_VARIABLES = ['firstName', 'lastName', 'fullName', 'position', 'email', 'phone', 'linkedin'] as const;
export const COMPANY_VARIABLES = ['name', 'domain', 'website', 'industry', 'city', 'country', 'size', 'phone', 'address', 'inn', 'description'].map(
  (f) => `company.${f}`,
);
export const CUSTOM_FIELD_PREFIX = 'cf.';

export interface RecipientContext {
  /** The recipient id that seeds the spintax (a contact id; a company id when there is no contact). */
  contactId?: string;
  companyId?: string;
  contact?: Partial<Contact> | null;
  company?: Partial<Company> | null;
  /** Custom-field values by slug (contact's over company's). */
  customFields?: Record<string, unknown>;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : undefined);

/** The flat variable map of one recipient (only names that have a value). */
export function recipientVariables(r: RecipientContext): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (name: string, v: unknown) => {
    const s = str(v);
    if (s !== undefined) out[name] = s;
  };
  const c = r.contact ?? {};
  put('firstName', c.firstName);
  put('lastName', c.lastName);
  put('fullName', [c.firstName, c.lastName].filter((x) => str(x)).join(' '));
  put('position', c.position);
  put('email', c.email);
  put('phone', c.phone);
  put('linkedin', c.linkedin);
  const co = (r.company ?? {}) as Record<string, unknown>;
  for (const name of COMPANY_VARIABLES) put(name, co[name.slice('company.'.length)]);
  const cf = r.customFields ?? { ...((co.customFields as object) ?? {}), ...(c.customFields ?? {}) };
  for (const [slug, v] of Object.entries(cf)) put(`${CUSTOM_FIELD_PREFIX}${slug}`, v);
  return out;
}

/** True when a name belongs to the language (a known field or any cf.<slug>). */
export const isKnownVariable = (name: string) =>
  (CONTACT_VARIABLES as readonly string[]).includes(name) || COMPANY_VARIABLES.includes(name) || /^cf\.[a-z][a-z0-9_]{0,47}$/.test(name);
