import fc from 'fast-check';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { elementsIn, parseHtmlTree, textIn, type HtmlNode } from '../../shared/platform/html/html-tree.js';
import { findWithin, loadHtml, textOf } from '../../shared/platform/html/parse.js';
import { HTML_FRAGMENTS } from '../support/fuzz.js';
import { EMAIL_BODIES, TEXT_FRAGMENTS } from '../support/email-bodies.js';

type Hp2Node = { type: string; data?: string; name?: string; attribs?: Record<string, string>; children?: Hp2Node[] };

/** htmlparser2's tree in the shape parseHtmlTree answers (in HTML mode a CDATA section is a comment). */
const fromHtmlparser2 = (nodes: Hp2Node[]): unknown[] =>
  nodes.map((n) =>
    n.type === 'text'
      ? ['text', n.data]
      : n.type === 'comment' || n.type === 'directive'
        ? [n.type, n.data]
        : [n.type, n.name, n.attribs, fromHtmlparser2(n.children ?? [])],
  );
const fromTree = (nodes: HtmlNode[]): unknown[] =>
  nodes.map((n) => (n.type === 'text' ? ['text', n.data] : 'children' in n ? [n.type, n.name, n.attribs, fromTree(n.children)] : [n.type, n.data]));

const same = (html: string) => {
  expect(fromTree(parseHtmlTree(html).children), html).toEqual(fromHtmlparser2(parseDocument(html).children as Hp2Node[]));
};

describe('parseHtmlTree: the tree htmlparser2 builds (issue 25)', () => {
  it('for email bodies', () => {
    for (const html of EMAIL_BODIES) same(html);
  });

  it('for generated markup: tags, attributes, entities, comments, raw text, unfinished constructs', () => {
    const doc = fc.array(fc.constantFrom(...HTML_FRAGMENTS, ...TEXT_FRAGMENTS), { maxLength: 60 }).map((parts) => parts.join(''));
    fc.assert(fc.property(doc, same), { seed: 25_2026, numRuns: 3000 });
  });

  it('for documents cut anywhere: a tag left unfinished at the end', () => {
    for (const html of EMAIL_BODIES) for (let cut = 1; cut < html.length; cut += 3) same(html.slice(0, cut));
    // htmlparser2 keeps a name it is still matching against script/style/title/textarea/xmp as text, and
    // the last character of a tag cut after its `/`.
    for (const tail of [
      '<s',
      '<SCR',
      '<script',
      '<st',
      '<t',
      '<titl',
      '<te',
      '<x',
      '<xmp',
      '<scriptx',
      '<t ',
      '<b/',
      '<b/ ',
      '<b x/',
      '<b x="1" / ',
      '<style/',
    ])
      same(`<p>a${tail}`);
  });

  it('keeps parents, and first of duplicate attributes', () => {
    const root = parseHtmlTree('<ul><li>a<ul><li a=1 A=2>b</ul></ul>');
    const inner = ((root.children[0] as { children: HtmlNode[] }).children[0] as { children: HtmlNode[] }).children[1];
    expect(inner).toMatchObject({ name: 'ul', parent: { name: 'li' }, children: [{ name: 'li', attribs: { a: '1' } }] });
  });

  it("elementsIn and textIn find what cheerio's findWithin and textOf find (detectForms' reads)", () => {
    const FORMS = [
      '<form action="/contact">',
      '</form>',
      '<input name=email>',
      '<input type=password>',
      '<select>',
      '<textarea>',
      '</textarea>',
      '<label>Name</label>',
    ];
    const doc = fc.array(fc.constantFrom(...HTML_FRAGMENTS, ...TEXT_FRAGMENTS, ...FORMS), { maxLength: 60 }).map((parts) => parts.join(''));
    const fields = new Set(['input', 'textarea', 'select']);
    fc.assert(
      fc.property(doc, (html) => {
        // Whatever is left open is closed, so that loadHtml's wrapper end tag does not become part of it.
        const closed = `${html}"'>--></textarea></title></xmp></script></style>]]><p></p>`;
        const { $ } = loadHtml(closed, 'html');
        const ours = elementsIn(parseHtmlTree(closed), new Set(['form']));
        const theirs = $('form').toArray();
        expect(
          ours.map((f) => [f.attribs, textIn(f, 50), elementsIn(f, fields, 3).map((i) => [i.name, i.attribs])]),
          html,
        ).toEqual(
          theirs.map((f) => [
            f.attribs,
            textOf(f, { max: 50 }),
            findWithin($(f), 'input, textarea, select')
              .slice(0, 3)
              .toArray()
              .map((i) => [i.tagName, i.attribs]),
          ]),
        );
      }),
      { seed: 25_2026, numRuns: 1500 },
    );
  });
});
