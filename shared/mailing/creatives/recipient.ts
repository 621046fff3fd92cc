import { getCompany } from '../../crm/companies/companies.js';
import { CompanyEntity } from '../../crm/companies/entities.js';
import { toCompany } from '../../crm/companies/model.js';
import { getContact } from '../../crm/contacts/contacts.js';
import { ContactEntity } from '../../crm/contacts/entities.js';
import { toContact } from '../../crm/contacts/items.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import { renderTemplate, templateSeed } from './template.js';
import { recipientVariables, type RecipientContext } from './variables.js';

// Apart from render.ts: loading a recipient and rendering a subject take no HTML-to-text conversion,
// whose libraries (html-to-text, htmlparser2, entities: ~185 KB) every importer of render.ts bundles (issue 25).

/** The spintax seed of a recipient's copy: the contact, else options.recipientId, else the company. */
export const recipientSeed = (creative: { id: string }, recipient: RecipientContext, options: { recipientId?: string } = {}) =>
  templateSeed(creative.id, recipient.contactId ?? options.recipientId ?? recipient.companyId ?? '');

export const oneLine = (subject: string) => subject.replace(/[\r\n]+/g, ' ').trim();

/** The subject of one recipient's copy of a creative, exactly as renderCreativeFor renders it. */
export function renderSubjectFor(creative: { id: string; subject: string }, recipient: RecipientContext, options: { recipientId?: string } = {}) {
  return oneLine(renderTemplate(creative.subject, recipientVariables(recipient), { seed: recipientSeed(creative, recipient, options), html: false }).text);
}

/**
 * Reads a recipient's contact, its company (the given companyId, else the contact's) and custom
 * fields. 404 Contact / Company for ids that are not in this tenant's table.
 */
/**
 * The contexts of a batch of recipients (the send worker): contacts, then their companies, in two
 * BatchGets. A contact that does not exist has an empty context (a campaign's owner-address test).
 */
export async function loadRecipientContexts(table: TableStore, contactIds: string[]): Promise<Map<string, RecipientContext>> {
  const contacts = (await table.batchGet(contactIds.map((contactId) => ContactEntity.key({ contactId })))).map(toContact);
  const companyIds = [...new Set(contacts.map((c) => c.companyId).filter((id): id is string => !!id))];
  const companies = new Map(
    (companyIds.length ? await table.batchGet(companyIds.map((companyId) => CompanyEntity.key({ companyId }))) : [])
      .filter((item) => item.entity === 'company')
      .map((item) => [item.id as string, toCompany(item)]),
  );
  return new Map(
    contacts.map((contact) => {
      const company = (contact.companyId && companies.get(contact.companyId)) || null;
      const ctx: RecipientContext = {
        contactId: contact.id,
        companyId: company?.id,
        contact,
        company,
        customFields: { ...(company?.customFields ?? {}), ...(contact.customFields ?? {}) },
      };
      return [contact.id, ctx];
    }),
  );
}

export async function loadRecipientContext(table: TableStore, ids: { contactId?: string; companyId?: string }): Promise<RecipientContext> {
  const contact = ids.contactId ? await getContact(table, ids.contactId) : null;
  const companyId = ids.companyId ?? contact?.companyId;
  const company = companyId ? await getCompany(table, companyId).catch((e) => (ids.companyId ? Promise.reject(e) : null)) : null;
  return {
    contactId: contact?.id,
    companyId: company?.id,
    contact,
    company,
    customFields: { ...(company?.customFields ?? {}), ...(contact?.customFields ?? {}) },
  };
}
