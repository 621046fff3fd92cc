import { load } from 'cheerio/slim';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHtmlTree } from '../../shared/platform/html/html-tree.js';
import { withoutRemoteImages } from '../../shared/platform/html/remote-images.js';
import { serializeHtml } from '../../shared/platform/html/serialize.js';
import { HTML_FRAGMENTS } from '../support/fuzz.js';
import { EMAIL_BODIES, TEXT_FRAGMENTS } from '../support/email-bodies.js';

/** What loadHtml's cheerio writes for a parsed document (parse.ts: HTML mode, UTF-8 text). */
const cheerioHtml = (html: string) =>
  load(html, { xml: { xmlMode: false, encodeEntities: 'utf8' } })
    .root()
    .html() ?? '';
const FOREIGN_FRAGMENTS = [
  '<svg viewbox="0 0 1 1">',
  '<foreignObject>',
  '<clippath>',
  '<path d="M0 0"/>',
  '<math>',
  '<mi>',
  '</svg>',
  '</math>',
  '$',
  "'",
  '😀',
  '\u00a0',
];
const same = (html: string) => {
  expect(serializeHtml(parseHtmlTree(html).children), html).toBe(cheerioHtml(html));
};

describe('serializeHtml: the HTML cheerio writes for the same tree (issue 25)', () => {
  it('for email bodies', () => {
    for (const html of EMAIL_BODIES) same(html);
  });

  it('for generated markup, SVG and MathML included', () => {
    const doc = fc.array(fc.constantFrom(...HTML_FRAGMENTS, ...TEXT_FRAGMENTS, ...FOREIGN_FRAGMENTS), { maxLength: 60 }).map((parts) => parts.join(''));
    fc.assert(fc.property(doc, same), { seed: 25_2026, numRuns: 2000 });
  });

  it('withoutRemoteImages leaves an email body as cheerio wrote it, less its remote images', () => {
    const body = EMAIL_BODIES[2];
    expect(withoutRemoteImages(body)).toBe(cheerioHtml(body).replace(' src="https://cdn.acme.test/logo.png"', ''));
  });
});
