import { oneLine, recipientSeed } from './recipient.js';
import { renderTemplate } from './template.js';
import { recipientVariables, type RecipientContext } from './variables.js';

export interface RenderedCopy {
  subject: string;
  html: string;
  /** Variable names with no value and no fallback (empty when everything resolved). */
  unresolvedTokens: string[];
}

export interface RenderCopyOptions {
  /** Recipient id for the spintax seed when the context has no contactId (default companyId, else ''). */
  recipientId?: string;
}

/**
 * One recipient's subject (plain) and HTML (values escaped), without the text part: the callers that
 * need only these (the content check, the owner test, whose send derives the text) then do not bundle
 * the HTML-to-text conversion and its parser (render.ts; issue 25). Pure; throws TemplateError for a
 * template that does not parse.
 */
export function renderCreativeCopy(
  creative: { id: string; subject: string; bodyHtml: string },
  recipient: RecipientContext,
  options: RenderCopyOptions = {},
): RenderedCopy {
  const vars = recipientVariables(recipient);
  const seed = recipientSeed(creative, recipient, options);
  const subject = renderTemplate(creative.subject, vars, { seed, html: false });
  const body = renderTemplate(creative.bodyHtml, vars, { seed, html: true });
  const unresolvedTokens = [...new Set([...subject.unresolved, ...body.unresolved])];
  return { subject: oneLine(subject.text), html: body.text, unresolvedTokens };
}
