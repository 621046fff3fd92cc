import { assertHtmlWithinBounds, type HtmlLimits } from './bounds.js';
import { parseHtmlTree, type HtmlElement, type HtmlNode } from './html-tree.js';
import { TextBuilder } from './text-builder.js';

export interface PlainTextOptions {
  /** Line width to wrap at; false: no wrapping. */
  wordwrap: number | false;
  /** `text [href]` for links (false: the link text alone). */
  linkHrefs: boolean;
}

/**
 * HTML to plain text as html-to-text 10 converts it with `wordwrap`, images skipped and `ignoreHref` =
 * !linkHrefs (its other options at their defaults): only `<body>` when there is one; headings upper-cased;
 * paragraphs, lists (` * `, ` 1. `), blockquotes (`> `), `<pre>`, `<hr>` and tables as blocks (cells
 * inline); links as `text [href]` (a `#fragment` link or an empty text: the text alone, or the href alone).
 * test/unit/html-plain-text.test.ts compares the two on a corpus of email bodies. On the tree of
 * html-tree.ts, without html-to-text's selector engine, option merging, DOM serializer and second entity
 * library: a small part of their size in a bundle (issue 25). Bounded like loadHtml: HTML over `limits`
 * throws HtmlTooComplex, a 400 naming `what`.
 */
export function plainTextConverter(options: PlainTextOptions, limits?: HtmlLimits): (html: string, what?: string) => string {
  return (html, what = 'html') => {
    assertHtmlWithinBounds(html, what, limits);
    const root = parseHtmlTree(html.length > 1 << 24 ? html.slice(0, 1 << 24) : html);
    const builder = new TextBuilder(options.wordwrap || Number.MAX_VALUE);
    const bodies: HtmlElement[] = [];
    findBodies(root.children, bodies);
    walk(bodies.length ? bodies : root.children, builder, options);
    return builder.block.text();
  };
}

function findBodies(nodes: HtmlNode[], into: HtmlElement[]) {
  for (const node of nodes)
    if (node.type === 'tag') {
      if (node.name === 'body') into.push(node);
      else findBodies(node.children, into);
    }
}

const BLOCK_1 = new Set(['article', 'aside', 'div', 'footer', 'form', 'header', 'main', 'nav', 'section']);
const HEADING_LEADING: Record<string, number> = { h1: 3, h2: 3, h3: 3, h4: 2, h5: 2, h6: 2 };

function walk(nodes: HtmlNode[], b: TextBuilder, o: PlainTextOptions) {
  for (const node of nodes) {
    if (node.type === 'text') b.addInline(node.data);
    else if (node.type === 'tag') format(node, b, o);
  }
}

function format(el: HtmlElement, b: TextBuilder, o: PlainTextOptions) {
  const name = el.name;
  const block = (leading: number, trailing: number) => {
    b.open(leading);
    walk(el.children, b, o);
    b.close(trailing);
  };
  if (BLOCK_1.has(name)) block(1, 1);
  else if (name === 'p' || name === 'table') block(2, 2);
  else if (name in HEADING_LEADING) {
    b.open(HEADING_LEADING[name]);
    b.pushTransform((w) => w.toUpperCase());
    walk(el.children, b, o);
    b.popTransform();
    b.close(2);
  } else if (name === 'br') b.lineBreak();
  else if (name === 'wbr') b.breakOpportunity();
  else if (name === 'hr') {
    b.open(2);
    b.addInline('-'.repeat(o.wordwrap || 40));
    b.close(2);
  } else if (name === 'pre') {
    b.open(2, 0, true);
    walk(el.children, b, o);
    b.close(2);
  } else if (name === 'blockquote') {
    b.open(2, 2);
    walk(el.children, b, o);
    b.close(2, (text) =>
      text
        .replace(/^\n+|\n+$/g, '')
        .split('\n')
        .map((line) => '> ' + line)
        .join('\n'),
    );
  } else if (name === 'a') anchor(el, b, o);
  else if (name === 'ul') list(el, b, o, () => ' * ');
  else if (name === 'ol') {
    let next = Number(el.attribs.start || '1');
    const index = listIndex(el.attribs.type);
    list(el, b, o, () => ` ${index(next++)}. `);
  } else if (name !== 'img') walk(el.children, b, o);
}

function anchor(el: HtmlElement, b: TextBuilder, o: PlainTextOptions) {
  const href = o.linkHrefs && el.attribs.href ? el.attribs.href.replace(/^mailto:/, '') : '';
  if (!href || href[0] === '#') return walk(el.children, b, o);
  let text = '';
  b.pushTransform((w) => ((text += w), w));
  walk(el.children, b, o);
  b.popTransform();
  b.addInline(text ? ` [${href}]` : href, false);
}

function list(el: HtmlElement, b: TextBuilder, o: PlainTextOptions, nextPrefix: () => string) {
  const nested = el.parent?.name === 'li';
  let maxPrefix = 0;
  const items = el.children
    .filter((child) => child.type !== 'text' || !/^\s*$/.test(child.data))
    .map((node) => {
      if (node.type !== 'tag' || node.name !== 'li') return { node, prefix: '' };
      const prefix = nested ? nextPrefix().trimStart() : nextPrefix();
      maxPrefix = Math.max(maxPrefix, prefix.length);
      return { node, prefix };
    });
  if (!items.length) return;
  b.openList(nested ? 1 : 2, maxPrefix);
  for (const { node, prefix } of items) {
    b.openItem(prefix);
    walk([node], b, o);
    b.closeItem();
  }
  b.closeList(nested ? 1 : 2);
}

function listIndex(type = '1'): (i: number) => string {
  if (type === 'a' || type === 'A') return (i) => letters(i, type);
  if (type === 'i') return (i) => roman(i).toLowerCase();
  if (type === 'I') return roman;
  return (i) => i.toString();
}

function letters(i: number, a: string) {
  const digits: number[] = [];
  do {
    i -= 1;
    digits.push(i % 26);
    i = (i / 26) >> 0;
  } while (i > 0);
  return String.fromCharCode(...digits.reverse().map((d) => a.charCodeAt(0) + d));
}

function roman(i: number) {
  const [one, five] = [
    ['I', 'X', 'C', 'M'],
    ['V', 'L', 'D'],
  ];
  return [...String(i)]
    .map(Number)
    .reverse()
    .map((v, k) => (v % 5 < 4 ? (v < 5 ? '' : five[k]) + one[k].repeat(v % 5) : one[k] + (v < 5 ? five[k] : one[k + 1])))
    .reverse()
    .join('');
}
