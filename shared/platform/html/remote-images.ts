import { EMAIL_HTML_LIMITS, HtmlTooComplex } from './bounds.js';
import { findWithin, loadHtml } from './parse.js';

/** Attributes through which HTML names an image to fetch (`src` of img/input, `srcset` of img/source, `poster`, `background`). */
const IMAGE_ATTRIBUTES = ['src', 'srcset', 'poster', 'background'] as const;
const IMAGE_CARRIERS = 'img, input, source, video, [background]';

const isInline = (value: string) => /^\s*data:/i.test(value);

/**
 * The HTML with its remote images dropped: every image reference that is not a `data:` URL is removed
 * (an `<img>` then shows its alt text), so a document shown with remote images off requests nothing and
 * shows no broken images. Attributes are removed in place (linear: no element is spliced out). What
 * this leaves (a `url()` inside CSS) the document's CSP still blocks (`img-src data:`). HTML over the
 * email bounds is returned as it is: the CSP alone keeps its images off.
 */
export function withoutRemoteImages(html: string): string {
  let doc;
  try {
    doc = loadHtml(html, 'html', EMAIL_HTML_LIMITS);
  } catch (e) {
    if (e instanceof HtmlTooComplex) return html;
    throw e;
  }
  findWithin(doc.top, IMAGE_CARRIERS).each((_i, el) => {
    for (const name of IMAGE_ATTRIBUTES) {
      const value = el.attribs[name];
      if (value !== undefined && !(name !== 'srcset' && isInline(value))) delete el.attribs[name];
    }
  });
  return doc.html();
}
