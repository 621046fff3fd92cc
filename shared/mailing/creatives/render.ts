import { oneLine, recipientSeed } from './recipient.js';
import { renderTemplate } from './template.js';
import { htmlToText } from './text-part.js';
import { recipientVariables, type RecipientContext } from './variables.js';

export type { RecipientContext } from './variables.js';
/** Also here for the modules that render: the dialogs, which only convert, import text-part.ts and not the template engine. */
export { htmlToText };

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
  const seed = recipientSeed(creative, recipient, options);
  const subject = renderTemplate(creative.subject, vars, { seed, html: false });
  const body = renderTemplate(creative.bodyHtml, vars, { seed, html: true });
  const unresolvedTokens = [...new Set([...subject.unresolved, ...body.unresolved])];
  const text = options.skipText ? '' : htmlToText(body.text, 'bodyHtml');
  return { subject: oneLine(subject.text), html: body.text, text, unresolvedTokens };
}
