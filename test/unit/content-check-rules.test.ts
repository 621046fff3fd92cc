import fc from 'fast-check';
import { compile } from 'html-to-text';
import { describe, expect, it } from 'vitest';
import { runRules, scoreOf } from '../../shared/mailing/content-check/rules.js';
import { loadHtml } from '../../shared/platform/html/parse.js';
import { EMAIL_BODIES, TEXT_FRAGMENTS } from '../support/email-bodies.js';
import { HTML_FRAGMENTS } from '../support/fuzz.js';

const clean = {
  subject: 'Question about your logistics',
  html:
    `<p>Hi Anna,</p><p>${'We help mid-size retailers cut delivery costs by planning routes with their own data. '.repeat(6)}</p>` +
    '<p>Would a short call next week make sense?</p><p>Best, Ivan</p><p>Acme Ltd, 12 Baker Street, London NW1 6XE. <a href="https://acme.example/u">Unsubscribe</a></p>',
};

describe('content check rules', () => {
  it('a plain business email has no hits', () => {
    const r = runRules(clean);
    expect(r.hits).toEqual([]);
    expect(scoreOf(r.hits)).toEqual({ score: 0, risk: 'low' });
  });

  it('names each problem with a fix', () => {
    const r = runRules({
      subject: 'FREE MONEY!!! Act now',
      html: '<p>CLICK HERE to WIN BIG, бесплатно и срочно!!!</p><img src="https://x.example/a.png"><a href="https://bit.ly/x">go</a><p>{oops</p>',
    });
    const rules = r.hits.map((h) => h.rule);
    for (const rule of [
      'trigger_phrases_en',
      'trigger_phrases_ru',
      'url_shortener',
      'low_text_image_ratio',
      'all_caps',
      'exclamation_runs',
      'missing_unsubscribe',
      'missing_physical_address',
      'leftover_braces',
    ])
      expect(rules, rule).toContain(rule);
    for (const h of r.hits) expect(h.fix.length).toBeGreaterThan(10);
    expect(scoreOf(r.hits).risk).toBe('high');
    expect(runRules({ subject: 'x', html: `<p>${'a'.repeat(120_000)}</p>` }).hits.map((h) => h.rule)).toContain('message_too_large');
    expect(
      runRules({
        ...clean,
        html:
          clean.html + '<a href="https://a.example">1</a><a href="https://b.example">2</a><a href="https://c.example">3</a><a href="https://d.example">4</a>',
      }).hits.map((h) => h.rule),
    ).toEqual(expect.arrayContaining(['too_many_links', 'many_link_domains']));
  });
});

// What the rules read from the HTML before issue 25 (cheerio's `a[href]` and `img`, html-to-text's visible
// text): runRules now reads the same on the light tree (html-tree.ts, plain-text.ts).
const visibleBefore = compile({
  wordwrap: false,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: 'a', options: { ignoreHref: true } },
  ],
});
function readBefore(html: string) {
  const { $ } = loadHtml(html, 'html');
  const links = $('a[href]')
    .map((_, a) => $(a).attr('href') ?? '')
    .get();
  return { textChars: visibleBefore(html).replace(/\s+/g, ' ').trim().length, links: links.length, images: $('img').length };
}

describe('content check rules read the HTML as cheerio and html-to-text did (issue 25)', () => {
  const same = (html: string) => {
    const { stats } = runRules({ subject: 'Hello', html });
    expect({ textChars: stats.textChars, links: stats.links, images: stats.images }, html).toEqual(readBefore(html));
  };

  it('for email bodies, whole and cut anywhere (an unfinished tag at the end)', () => {
    for (const html of EMAIL_BODIES) {
      same(html);
      for (let cut = 1; cut < html.length; cut += 7) same(html.slice(0, cut));
    }
    same('<p>see <a href=https://acme.test/x');
    same('<p>logo <img src=x');
  });

  it('for generated markup', () => {
    const doc = fc
      .array(
        fc.constantFrom(...TEXT_FRAGMENTS, ...HTML_FRAGMENTS, '<a href="https://a.test/1">a</a>', '<a name=x>', '<img src=y>', '<IMG SRC=z>', '<a href>'),
        { maxLength: 60 },
      )
      .map((parts) => parts.join(''));
    fc.assert(fc.property(doc, same), { seed: 25_2033, numRuns: 1500 });
  });
});
