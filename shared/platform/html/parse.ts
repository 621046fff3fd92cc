import { randomBytes } from 'node:crypto';
import { load, type contains, type Cheerio, type CheerioAPI } from 'cheerio/slim';
import { assertHtmlWithinBounds, type HtmlLimits } from './bounds.js';

/**
 * The one door to the HTML parsers: every parse is checked against the bounds first (bounds.ts) and
 * throws HtmlTooComplex (a 400 naming `what`) instead of freezing or overflowing the stack. cheerio's
 * slim build parses with htmlparser2, the parser html-to-text uses too, so one pre-scan models both
 * (the full build's parse5 has further quadratic paths: attribute checks, formatting-element
 * reconstruction). ESLint keeps the parser packages out of every other module.
 *
 * Linear queries only: cheerio's `.find()` hands the children of its context to css-select, which
 * de-duplicates them pairwise (domutils removeSubsets: the square of the number of children), and
 * `.remove()` splices each element out of its parent's array. So the document sits in one wrapper
 * element (the root has one child: `$(selector)` stays linear), queries below an element go through
 * `findWithin`, and text is read with `textOf` instead of removing elements first.
 */
export type { CheerioAPI };
/** A DOM node (domhandler's AnyNode, named through cheerio so that no transitive package is imported). */
export type HtmlNode = Parameters<typeof contains>[0];

export interface LoadedHtml {
  $: CheerioAPI;
  /** The document's own top (the wrapper): the root for text and serialization. */
  top: Cheerio<HtmlNode>;
  /** The document serialized as parsed, without the wrapper. */
  html(): string;
}

export function loadHtml(html: string, what: string, limits?: HtmlLimits): LoadedHtml {
  assertHtmlWithinBounds(html, what, limits);
  // A tag nobody can close early (its name is random); the parser closes it with the document.
  const wrapper = `svc-document-${randomBytes(6).toString('hex')}`;
  // `.html()` writes text as UTF-8 and escapes only markup characters (the default writes every non-ASCII character as an entity).
  const $ = load(`<${wrapper}>${html}</${wrapper}>`, { xml: { xmlMode: false, encodeEntities: 'utf8' } });
  const top = $.root().children().first() as Cheerio<HtmlNode>;
  return { $, top, html: () => top.html() ?? '' };
}

/** `selection.find(selector)` in linear time (a `:scope` query starts from the element, not from each of its children). */
export function findWithin<T extends HtmlNode>(selection: Cheerio<T>, selector: string) {
  return selection.find(
    selector
      .split(',')
      .map((s) => `:scope ${s.trim()}`)
      .join(', '),
  );
}

/**
 * The text of a node, without the elements named in `skip`, up to `max` characters, built without
 * building the rest: an element's `.text()` copies its whole subtree, and nested elements (forms,
 * links) would copy the document once each.
 */
export function textOf(node: HtmlNode, { max = Infinity, skip = [] as readonly string[] } = {}): string {
  const skipped = new Set(skip);
  let out = '';
  const pending: HtmlNode[] = [node];
  while (pending.length && out.length < max) {
    const n = pending.pop()!;
    if (n.type === 'text') out += n.data;
    else if ('children' in n && !('name' in n && skipped.has(n.name))) for (let k = n.children.length - 1; k >= 0; k--) pending.push(n.children[k]);
  }
  return out.length > max ? out.slice(0, max) : out;
}
