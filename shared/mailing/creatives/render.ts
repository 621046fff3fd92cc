import { EMAIL_HTML_LIMITS } from '../../platform/html/bounds.js';
import { plainTextConverter } from '../../platform/html/plain-text.js';
import { renderCreativeCopy, type RenderCopyOptions } from './render-copy.js';
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

/**
 * The plain-text part of an HTML email (the same conversion renders use): html-to-text 10's layout
 * (wrapped at 100, images skipped, links as `text [href]`) on a light parser (plain-text.ts), so a
 * function that renders does not bundle html-to-text (issue 25). Runs on the calling thread (email
 * bodies are at most ~200 KB) within the email bounds: HTML nested deeper than 512 levels or with more
 * than 25,000 elements throws HtmlTooComplex, a 400 naming `what`.
 */
export const htmlToText = /* @__PURE__ */ plainTextConverter({ wordwrap: 100, linkHrefs: true }, EMAIL_HTML_LIMITS);

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
