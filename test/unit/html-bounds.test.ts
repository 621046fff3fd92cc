import fc from 'fast-check';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { MAX_SPIN_DEPTH, parseTemplate, renderTemplate } from '../../shared/mailing/creatives/template.js';
import { htmlToText } from '../../shared/mailing/creatives/render.js';
import { checkTemplates } from '../../shared/mailing/creatives/creatives.js';
import { detectForms } from '../../shared/research/enrichment/crawl/forms.js';
import { extractPage } from '../../shared/research/enrichment/crawl/extract.js';
import { runRules } from '../../shared/mailing/content-check/rules.js';
import { HTML_MAX_DEPTH, HtmlTooComplex, htmlNestingDepth, htmlOverLimit } from '../../shared/platform/html/bounds.js';
import { findWithin, loadHtml, textOf } from '../../shared/platform/html/parse.js';
import { HTML_FRAGMENTS, nestedHtml } from '../support/fuzz.js';

/** The deepest element of the tree htmlparser2 builds (what the parsers recurse over). */
function domDepth(html: string): number {
  let deepest = 0;
  const pending: [{ children?: unknown[]; type: string }, number][] = [[parseDocument(html) as never, 0]];
  while (pending.length) {
    const [node, depth] = pending.pop()!;
    for (const child of (node.children ?? []) as { type: string; children?: unknown[] }[]) {
      const element = child.type === 'tag' || child.type === 'script' || child.type === 'style';
      if (element) deepest = Math.max(deepest, depth + 1);
      if (child.children) pending.push([child, element ? depth + 1 : depth]);
    }
  }
  return deepest;
}

describe('the HTML pre-scan (issue 27)', () => {
  it('finds the depth htmlparser2 builds, for generated markup of every kind the scan models', () => {
    const doc = fc.array(fc.constantFrom(...HTML_FRAGMENTS), { maxLength: 120 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(doc, (html) => {
        expect(htmlNestingDepth(html), html).toBe(domDepth(html));
      }),
      { seed: 27_2026, numRuns: 2000 },
    );
  });

  it('refuses 40,000 and 300,000 unclosed <div> at the bound, without walking them', () => {
    for (const n of [40_000, 300_000]) expect(htmlOverLimit('<div>'.repeat(n))).toBe('depth');
    expect(htmlOverLimit('<div>'.repeat(HTML_MAX_DEPTH))).toBeNull();
    expect(htmlOverLimit('<div>'.repeat(HTML_MAX_DEPTH + 1))).toBe('depth');
  });

  it('counts what nests and only that: implied closes, void elements, raw text, comments, foreign self-closing', () => {
    const n = 20_000;
    expect(htmlOverLimit('<p>x'.repeat(n))).toBeNull(); // each <p> closes the one before
    expect(htmlOverLimit('<ul>' + '<li>x'.repeat(n))).toBeNull();
    expect(htmlOverLimit('<br><img src=x>'.repeat(n))).toBeNull();
    expect(htmlOverLimit(`<script>${'<div>'.repeat(n)}</script>`)).toBeNull();
    expect(htmlOverLimit(`<!--${'<div>'.repeat(n)}-->`)).toBeNull();
    expect(htmlOverLimit(`<div title="${'<div>'.repeat(n)}">x</div>`)).toBeNull();
    expect(htmlOverLimit('<svg>' + '<path d="M0"/>'.repeat(n) + '</svg>')).toBeNull();
    // What does nest: <div/> outside SVG is an open <div>; <td><p> (each <td> is not the current node); <body> in <body>.
    expect(htmlOverLimit('<div/>'.repeat(n))).toBe('depth');
    expect(htmlOverLimit('<td><p>'.repeat(n))).toBe('depth');
    expect(htmlOverLimit('<body>'.repeat(n))).toBe('depth');
    expect(htmlOverLimit('<b>'.repeat(28_000))).toBe('depth');
    // <svg/> inside SVG grows htmlparser2's foreign-context stack (shifted per tag: quadratic) without nesting.
    expect(htmlOverLimit('<svg>' + '<svg/>'.repeat(n))).toBe('depth');
  });

  it('bounds attributes per element and, for email bodies, the element count', () => {
    expect(htmlOverLimit(`<div${' a'.repeat(256)}>`)).toBeNull();
    expect(htmlOverLimit(`<div${Array.from({ length: 300 }, (_, i) => ` a${i}="1"`).join('')}>`)).toBe('attributes');
    expect(htmlOverLimit('<i></i>'.repeat(25_001), { maxElements: 25_000 })).toBe('elements');
    expect(htmlOverLimit('<i></i>'.repeat(25_001))).toBeNull();
  });

  it('every parser door throws HtmlTooComplex, a 400 naming the field', () => {
    const deep = '<div>'.repeat(39_000);
    const calls: [() => unknown, string][] = [
      [() => detectForms(deep), 'html'],
      [() => extractPage(deep, 'https://deep.test/'), 'page'],
      [() => runRules({ subject: 's', html: deep }), 'html'],
      [() => htmlToText('<b>'.repeat(28_000), 'bodyHtml'), 'bodyHtml'],
      [() => loadHtml(deep, 'html'), 'html'],
    ];
    for (const [call, what] of calls) {
      let thrown: unknown;
      try {
        call();
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(HtmlTooComplex);
      expect((thrown as HtmlTooComplex).status).toBe(400);
      expect((thrown as HtmlTooComplex).body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: [expect.stringMatching(new RegExp(`^${what}: .*512`))],
      });
    }
  });

  it('generated deep documents (the fuzz inputs of the e2e test) are refused by the scan', () => {
    fc.assert(
      fc.property(nestedHtml({ minDepth: HTML_MAX_DEPTH + 1 }), (html) => {
        expect(htmlOverLimit(html)).toBe('depth');
      }),
      { seed: 27, numRuns: 50 },
    );
  });
});

describe('linear queries on wide documents', () => {
  it('findWithin and textOf read each element once (a form with 40,000 fields, 500 nested links)', () => {
    const { $ } = loadHtml('<form>' + '<input name=x>'.repeat(40_000) + '<textarea name=m></textarea></form>', 'html');
    expect(findWithin($('form'), 'input, textarea, select').length).toBe(40_001);
    const nested = loadHtml('<a href=x>link '.repeat(500) + 'y'.repeat(100_000), 'html');
    const links = nested.$('a[href]');
    expect(links.length).toBe(500);
    expect(textOf(links.get(0)!, { max: 100 })).toBe('link '.repeat(20));
    expect(textOf(nested.top.get(0)!, { skip: ['a'] })).toBe('');
  });

  it('serializes the document as parsed, without its wrapper, with UTF-8 text', () => {
    const html = '<!DOCTYPE html><html><body><p>Привет &amp; <a href="https://x.test/?a=1&amp;b=2">x</a> &nbsp;</p></body></html>';
    const doc = loadHtml(html, 'html');
    expect(doc.$('a').attr('href')).toBe('https://x.test/?a=1&b=2');
    expect(doc.html()).toBe(html);
  });

  it('detectForms and extractPage read a page without <body> and nested forms', () => {
    expect(detectForms('<form><form><textarea></textarea><input name=email></form></form>').forms.map((f) => f.kind)).toEqual(['contact', 'contact']);
    const facts = extractPage('<title>T</title><p>Mail info@acme.test</p><script>var hidden = 1</script>', 'https://acme.test/');
    expect(facts).toMatchObject({ title: 'T', emails: ['info@acme.test'] });
    expect(facts.text).toBe('Mail info@acme.test');
  });
});

describe('the template parser (issue 27: `{` x 10,000 overflowed the stack)', () => {
  it(`refuses spins nested deeper than ${MAX_SPIN_DEPTH} with a TemplateError, a 400 on save`, () => {
    expect(parseTemplate('{'.repeat(10_000))).toEqual({
      ok: false,
      message: expect.stringContaining(`nested more than ${MAX_SPIN_DEPTH} levels`),
      position: MAX_SPIN_DEPTH,
    });
    const ok = '{a|'.repeat(MAX_SPIN_DEPTH) + 'z' + '}'.repeat(MAX_SPIN_DEPTH);
    expect(parseTemplate(ok).ok).toBe(true);
    expect(renderTemplate(ok, {}, { seed: 1, html: false }).text).toMatch(/^(a|z)$/);
    expect(() => checkTemplates({ subject: 's', bodyHtml: '{'.repeat(10_000) })).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('refuses a body over the email HTML bounds on save, and reads <style> blocks in one pass', () => {
    expect(() => checkTemplates({ subject: 's', bodyHtml: '<div>'.repeat(39_000) })).toThrow(
      expect.objectContaining({ status: 400, body: expect.objectContaining({ message: [expect.stringMatching(/^bodyHtml: elements are nested/)] }) }),
    );
    // 13,000 style blocks in a 200 KB body: each lower-cased the whole source before (3 s), once now.
    expect(parseTemplate('<style></style>'.repeat(13_000)).ok).toBe(true);
  });
});
