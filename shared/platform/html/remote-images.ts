import { assertHtmlWithinBounds, EMAIL_HTML_LIMITS, HtmlTooComplex } from './bounds.js';
import { parseHtmlTree, type HtmlNode } from './html-tree.js';
import { serializeHtml } from './serialize.js';

/** Attributes through which HTML names an image to fetch (`src` of img/input, `srcset` of img/source, `poster`, `background`). */
const IMAGE_ATTRIBUTES = ['src', 'srcset', 'poster', 'background'] as const;
/** Elements that carry them (and any element with a `background` attribute). */
const IMAGE_CARRIERS = new Set(['img', 'input', 'source', 'video']);

const isInline = (value: string) => /^\s*data:/i.test(value);

/**
 * The HTML with its remote images dropped: every image reference that is not a `data:` URL is removed
 * (an `<img>` then shows its alt text), so a document shown with remote images off requests nothing and
 * shows no broken images. The document is written back as parsed (html-tree.ts, serialize.ts: what
 * cheerio wrote before issue 25, without bundling it). What this leaves (a `url()` inside CSS) the
 * document's CSP still blocks (`img-src data:`). HTML over the email bounds is returned as it is: the
 * CSP alone keeps its images off.
 */
export function withoutRemoteImages(html: string): string {
  try {
    assertHtmlWithinBounds(html, 'html', EMAIL_HTML_LIMITS);
  } catch (e) {
    if (e instanceof HtmlTooComplex) return html;
    throw e;
  }
  const root = parseHtmlTree(html);
  const pending: HtmlNode[] = [...root.children];
  while (pending.length) {
    const node = pending.pop()!;
    if (!('children' in node)) continue;
    pending.push(...node.children);
    if (!IMAGE_CARRIERS.has(node.name) && node.attribs.background === undefined) continue;
    for (const name of IMAGE_ATTRIBUTES) {
      const value = node.attribs[name];
      if (value !== undefined && !(name !== 'srcset' && isInline(value))) delete node.attribs[name];
    }
  }
  return serializeHtml(root.children);
}
