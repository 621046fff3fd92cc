import { htmlJob } from '../../../platform/html/off-thread.js';
import { assertHtmlWithinBounds } from '../../../platform/html/bounds.js';
import { elementsIn, parseHtmlTree, textIn } from '../../../platform/html/html-tree.js';

export interface DetectedForm {
  kind: 'contact' | 'newsletter' | 'search' | 'login' | 'other';
  confidence: number;
  reasons: string[];
}

/** What of a form is read: its first fields and the first characters of its wording (forms may nest; each would copy the rest). */
const FORM_FIELDS = 500;
const FORM_TEXT_CHARS = 10_000;
const FORM = new Set(['form']);
const FIELDS = new Set(['input', 'textarea', 'select']);
const TEXTAREA = new Set(['textarea']);

/** site_enrichment_detect_forms: classifies each <form> of a page from its fields, labels and action. Throws HtmlTooComplex. */
export function detectForms(html: string, pageUrl?: string) {
  // The light tree (html-tree.ts) rather than cheerio: the same tree, without cheerio's weight in the bundle (issue 25).
  const page = html.slice(0, 2_000_000);
  assertHtmlWithinBounds(page, 'html');
  const forms: DetectedForm[] = [];
  for (const form of elementsIn(parseHtmlTree(page), FORM, 50)) {
    const attr = (name: string) => form.attribs[name] ?? '';
    const fields = elementsIn(form, FIELDS, FORM_FIELDS);
    const names = fields.map((i) => `${i.attribs.type ?? i.name} ${i.attribs.name ?? ''} ${i.attribs.placeholder ?? ''}`.toLowerCase());
    const text = `${textIn(form, FORM_TEXT_CHARS)} ${attr('action')} ${attr('id')} ${attr('class')}`.toLowerCase();
    const reasons: string[] = [];
    const has = (re: RegExp) => names.some((n) => re.test(n));
    let contact = 0;
    if (elementsIn(form, TEXTAREA, 1).length) ((contact += 0.35), reasons.push('has_textarea'));
    if (has(/email|e-mail/)) ((contact += 0.2), reasons.push('has_email_field'));
    if (has(/phone|tel/)) ((contact += 0.15), reasons.push('has_phone_field'));
    if (has(/name|имя/)) ((contact += 0.1), reasons.push('has_name_field'));
    if (/contact|feedback|message|enquiry|inquiry|связ|обратн|заявк/.test(text)) ((contact += 0.25), reasons.push('contact_wording'));
    if (pageUrl && /contact|kontakt|контакт/i.test(pageUrl)) ((contact += 0.1), reasons.push('contact_page_url'));
    let kind: DetectedForm['kind'] = 'other';
    let confidence = 0.3;
    if (has(/password/)) ((kind = 'login'), (confidence = 0.9), reasons.push('has_password_field'));
    else if (has(/search|^search|\bq\b/) || form.attribs.role === 'search') ((kind = 'search'), (confidence = 0.85), reasons.push('search_field'));
    else if (contact >= 0.45) ((kind = 'contact'), (confidence = Math.min(1, Math.round(contact * 100) / 100)));
    else if (has(/email/) && names.filter((n) => !/hidden|submit/.test(n)).length <= 2)
      ((kind = 'newsletter'), (confidence = 0.7), reasons.push('single_email_field'));
    forms.push({ kind, confidence, reasons });
  }
  return { hasForm: forms.length > 0, hasContactForm: forms.some((f) => f.kind === 'contact'), forms };
}

/** detectForms in a worker thread, within a time budget (shared/platform/html/off-thread.ts). */
export const detectFormsOffThread = /* @__PURE__ */ htmlJob(import.meta.url, 'detectForms', detectForms);
