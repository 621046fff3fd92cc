import { EMAIL_HTML_LIMITS } from '../html/bounds.js';
import { htmlTextConverter } from '../html/text.js';
import { getCompany } from '../companies/companies.js';
import { getContact } from '../contacts/contacts.js';
import { ContactEntity } from '../contacts/entities.js';
import { toContact } from '../contacts/items.js';
import { CompanyEntity } from '../companies/entities.js';
import { toCompany } from '../companies/model.js';
import type { TableStore } from '../ports/table-store.js';
import { renderTemplate, templateSeed } from './template.js';
import { recipientVariables, type RecipientContext } from './variables.js';

export type { RecipientContext } from './variables.js';

export interface RenderedCreative {
  subject: string;
  html: string;
  text: string;
  /** Variable names with no value and no fallback (empty when everything resolved). */
  unresolvedTokens: string[];
}

export interface RenderCreativeOptions {
  /** Recipient id for the spintax seed when the context has no contactId (default companyId, else ''). */
  recipientId?: string;
  /** Skip the text part (callers that need only subject + html, e.g. PDFs). */
  skipText?: boolean;
}

const TEXT_OPTIONS = {
  wordwrap: 100,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: 'a', options: { hideLinkIfSameAsText: true } },
  ],
};

/**
 * The plain-text part of an HTML email (the same conversion renders use). Compiled once: `convert`
 * rebuilds its selector tree on every call, which cost more than the rest of a send's render. Runs on
 * the calling thread (email bodies are at most ~200 KB) within the email bounds: HTML nested deeper
 * than 512 levels or with more than 25,000 elements throws HtmlTooComplex, a 400 naming `what`.
 */
export const htmlToText = /* @__PURE__ */ htmlTextConverter(TEXT_OPTIONS, EMAIL_HTML_LIMITS);

/**
 * One recipient's copy of a creative: subject (plain), HTML (values escaped) and a text part. Pure:
 * the caller loads the context (loadRecipientContext) once per recipient. Throws TemplateError for a
 * template that does not parse (never stored: saves validate), HtmlTooComplex for HTML over the bounds.
 */
export function renderCreativeFor(
  creative: { id: string; subject: string; bodyHtml: string },
  recipient: RecipientContext,
  options: RenderCreativeOptions = {},
): RenderedCreative {
  const vars = recipientVariables(recipient);
  const seed = templateSeed(creative.id, recipient.contactId ?? options.recipientId ?? recipient.companyId ?? '');
  const subject = renderTemplate(creative.subject, vars, { seed, html: false });
  const body = renderTemplate(creative.bodyHtml, vars, { seed, html: true });
  const unresolvedTokens = [...new Set([...subject.unresolved, ...body.unresolved])];
  const text = options.skipText ? '' : htmlToText(body.text, 'bodyHtml');
  return { subject: subject.text.replace(/[\r\n]+/g, ' ').trim(), html: body.text, text, unresolvedTokens };
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
