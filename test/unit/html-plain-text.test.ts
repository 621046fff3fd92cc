import fc from 'fast-check';
import { compile } from 'html-to-text';
import { describe, expect, it } from 'vitest';
import { HtmlTooComplex } from '../../shared/platform/html/bounds.js';
import { plainTextConverter } from '../../shared/platform/html/plain-text.js';
import { htmlToText } from '../../shared/mailing/creatives/render.js';
import { HTML_FRAGMENTS } from '../support/fuzz.js';
import { EMAIL_BODIES, TEXT_FRAGMENTS } from '../support/email-bodies.js';

// The html-to-text options the converter replaces: the text part of an email (creatives/render.ts before
// issue 25; its `hideLinkIfSameAsText` is no html-to-text option, so links always show their href) and
// the visible text of a content check.
const reference = {
  email: compile({
    wordwrap: 100,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkIfSameAsText: true } },
    ],
  }),
  visible: compile({
    wordwrap: false,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { ignoreHref: true } },
    ],
  }),
};
const ours = { email: htmlToText, visible: plainTextConverter({ wordwrap: false, linkHrefs: false }) };
const same = (html: string) => {
  for (const kind of ['email', 'visible'] as const) expect(ours[kind](html), `${kind}: ${html}`).toBe(reference[kind](html));
};

describe('plainTextConverter: the text html-to-text 10 gives (issue 25)', () => {
  it('for email bodies', () => {
    for (const html of EMAIL_BODIES) same(html);
    expect(htmlToText(EMAIL_BODIES[2])).toContain(
      'WHAT’S NEW IN Q3\n\nThree things changed since your last visit:\n\n * Faster imports — up to 10× on large files',
    );
  });

  it('for generated markup', () => {
    const doc = fc.array(fc.constantFrom(...TEXT_FRAGMENTS, ...HTML_FRAGMENTS), { maxLength: 60 }).map((parts) => parts.join(''));
    fc.assert(fc.property(doc, same), { seed: 25_2026, numRuns: 1500 });
  });

  it('keeps a word longer than the line whole where html-to-text breaks it after a "u" of "undefined"', () => {
    // html-to-text 10 looks its split character up as wrapCharacters[0], undefined, and lastIndexOf finds the text "undefined".
    const link = `https://acme.test/t?${'a'.repeat(50)}undefined${'b'.repeat(60)}`;
    expect(reference.email(`<p>${link}</p>`)).not.toContain(link);
    expect(htmlToText(`<p>see ${link} now</p>`)).toBe(`see\n${link}\nnow`);
  });

  it('refuses HTML over the email bounds, naming the field', () => {
    expect(() => htmlToText('<b>'.repeat(28_000), 'bodyHtml')).toThrow(HtmlTooComplex);
    const thrown = (() => {
      try {
        htmlToText('<div>'.repeat(600), 'bodyHtml');
      } catch (err) {
        return err;
      }
    })();
    expect(thrown).toMatchObject({ reason: 'depth', detail: expect.stringMatching(/^bodyHtml: elements are nested more than 512 levels deep/) });
  });
});
