import { renderCreativeCopy, type RenderCopyOptions } from './render-copy.js';
import { htmlToText } from './text-part.js';
import type { RecipientContext } from './variables.js';

export type { RecipientContext } from './variables.js';

export interface RenderedCreative {
  subject: string;
  html: string;
  text: string;
  /** Variable names with no value and no fallback (empty when everything resolved). */
  unresolvedTokens: string[];
}

export interface RenderCreativeOptions extends RenderCopyOptions {
  /** Skip the text part (callers that need only subject + html, e.g. PDFs). */
  skipText?: boolean;
}

/** Also here for the modules that render: the dialogs, which only convert, import text-part.ts and not the template engine. */
export { htmlToText };

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
  const copy = renderCreativeCopy(creative, recipient, options);
  const text = options.skipText ? '' : htmlToText(copy.html, 'bodyHtml');
  return { subject: copy.subject, html: copy.html, text, unresolvedTokens: copy.unresolvedTokens };
}
