import { describe, expect, it } from 'vitest';
import { forwardBody, sentBody } from '../../shared/mailing/dialogs/send-body.js';

// The body of a manual send as the callable dialog_send builds it (the operations hand over its parts):
// the text part of HTML without one, and a forward's note, header lines and quoted original.
const head: [string, string][] = [
  ['From', 'ann@buyer.test'],
  ['Date', 'Tue, 24 Nov 2026 10:00:00 GMT'],
  ['Subject', 'Re: Hello <Ann>'],
  ['To', 'me@seller.test'],
];
const BLOCKQUOTE = '<blockquote style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">';

describe('sentBody', () => {
  it('keeps a given text part, and derives a missing one from the HTML as every render does (wrapped at 100, links as text [href])', () => {
    expect(sentBody({ html: '<p>Hi</p>', text: 'Hello there' })).toEqual({ html: '<p>Hi</p>', text: 'Hello there' });
    expect(sentBody({ html: '<h1>Offer</h1><p>See <a href="https://x.test/p">the plan</a> &amp; reply.</p>' })).toEqual({
      html: '<h1>Offer</h1><p>See <a href="https://x.test/p">the plan</a> &amp; reply.</p>',
      text: 'OFFER\n\nSee the plan [https://x.test/p] & reply.',
    });
  });
});

describe('forwardBody', () => {
  it('a text note above the header lines and the original text, quoted line by line; the HTML escapes all of it', () => {
    const body = forwardBody({ note: { text: 'Dave, see below.\nThanks' }, head, original: { text: '  Great, Tuesday works.\nAgenda attached.\n' } });
    expect(body.text).toBe(
      [
        'Dave, see below.\nThanks',
        '---------- Forwarded message ---------',
        'From: ann@buyer.test',
        'Date: Tue, 24 Nov 2026 10:00:00 GMT',
        'Subject: Re: Hello <Ann>',
        'To: me@seller.test',
        '',
        '> Great, Tuesday works.\n> Agenda attached.',
      ].join('\n'),
    );
    expect(body.html).toBe(
      '<p>Dave, see below.<br>Thanks</p><div class="forwarded"><p>---------- Forwarded message ---------<br>' +
        'From: ann@buyer.test<br>Date: Tue, 24 Nov 2026 10:00:00 GMT<br>Subject: Re: Hello &lt;Ann&gt;<br>To: me@seller.test</p>' +
        `${BLOCKQUOTE}Great, Tuesday works.<br>Agenda attached.</blockquote></div>`,
    );
  });

  it('an HTML note goes as given, its text derived; without a note the text starts at the separator', () => {
    const withHtml = forwardBody({ note: { html: '<p>See <b>below</b> &amp; call me</p>' }, head: head.slice(0, 1), original: { text: 'x' } });
    expect(withHtml.text).toBe('See below & call me\n---------- Forwarded message ---------\nFrom: ann@buyer.test\n\n> x');
    expect(withHtml.html.startsWith('<p>See <b>below</b> &amp; call me</p><div class="forwarded">')).toBe(true);
    const bare = forwardBody({ note: {}, head: head.slice(0, 1), original: { text: '' } });
    expect(bare.text).toBe('---------- Forwarded message ---------\nFrom: ann@buyer.test\n\n> ');
    expect(bare.html).toBe(`<div class="forwarded"><p>---------- Forwarded message ---------<br>From: ann@buyer.test</p>${BLOCKQUOTE}</blockquote></div>`);
  });

  it("an HTML-only original is quoted as its text; one over the email bounds (someone else's mail) with its tags stripped instead of refused", () => {
    const html = forwardBody({ note: {}, head: [], original: { html: '<p>Hi Ann, a question.</p><p>Is &lt;Tuesday&gt; fine?</p>' } });
    expect(html.text).toBe('---------- Forwarded message ---------\n\n> Hi Ann, a question.\n> \n> Is <Tuesday> fine?');
    expect(html.html).toContain(`${BLOCKQUOTE}Hi Ann, a question.<br><br>Is &lt;Tuesday&gt; fine?</blockquote>`);
    const deep = forwardBody({ note: {}, head: [], original: { html: `${'<div>'.repeat(600)}Deep   text${'</div>'.repeat(600)}` } });
    expect(deep.text).toBe('---------- Forwarded message ---------\n\n> Deep text');
  });
});
