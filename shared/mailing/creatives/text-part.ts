import { EMAIL_HTML_LIMITS } from '../../platform/html/bounds.js';
import { plainTextConverter } from '../../platform/html/plain-text.js';

/**
 * The plain-text part of an HTML email (the same conversion renders use): html-to-text 10's layout
 * (wrapped at 100, images skipped, links as `text [href]`) on a light parser (plain-text.ts), so a
 * function that renders does not bundle html-to-text (issue 25). Runs on the calling thread (email
 * bodies are at most ~200 KB) within the email bounds: HTML nested deeper than 512 levels or with more
 * than 25,000 elements throws HtmlTooComplex, a 400 naming `what`.
 */
export const htmlToText = /* @__PURE__ */ plainTextConverter({ wordwrap: 100, linkHrefs: true }, EMAIL_HTML_LIMITS);
