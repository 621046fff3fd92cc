import { htmlToText } from '../creatives/text-part.js';
import { HtmlTooComplex } from '../../platform/html/bounds.js';

/**
 * The body of a manual send as the operations hand it to the callable dialog_send (send-call.ts), and
 * the body as sent, built there: the text part of HTML without one, and a forward's whole body, whose
 * quote is the original's text. The HTML-to-text conversion (a parser and its entity tables, ~40 KB)
 * then runs only in the callable, whose bundle carries them anyway, and not in compose, reply and
 * forward (issue 25). The operations hold HTML they were given to the email bounds first (a 400 that
 * reads and charges nothing), so a conversion here does not throw.
 */
export type DialogBody = { html: string; text?: string } | { forward: ForwardBody };

/** A forward: the note above, the forwarded message's header lines, and the message itself (its text, else its HTML). */
export interface ForwardBody {
  note: { html?: string; text?: string };
  head: [string, string][];
  original: { text: string } | { html: string };
}

export interface SentBody {
  html: string;
  text: string;
}

const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

export function sentBody(body: DialogBody): SentBody {
  if ('forward' in body) return forwardBody(body.forward);
  return { html: body.html, text: body.text ?? htmlToText(body.html, 'bodyHtml') };
}

/**
 * The text of a received HTML-only message. One over the HTML bounds is someone else's mail, not
 * this request's input: it is quoted with its tags stripped (one linear pass) instead of refused.
 */
function receivedText(html: string) {
  try {
    return htmlToText(html);
  } catch (e) {
    if (!(e instanceof HtmlTooComplex)) throw e;
    return html.replace(/<[^<>]*>/g, ' ').replace(/[ \t]+/g, ' ');
  }
}

/** The note, then `---------- Forwarded message ---------`, the header lines and the original quoted (`> ` in text, a blockquote in HTML). */
export function forwardBody({ note, head, original }: ForwardBody): SentBody {
  const quoted = ('text' in original ? original.text : receivedText(original.html)).trim();
  const noteText = note.text ?? (note.html ? htmlToText(note.html, 'bodyHtml') : '');
  const noteHtml = note.html ?? (note.text ? `<p>${esc(note.text).replace(/\n/g, '<br>')}</p>` : '');
  const text = [
    noteText.trim(),
    '---------- Forwarded message ---------',
    ...head.map(([k, v]) => `${k}: ${v}`),
    '',
    quoted
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n'),
  ]
    .filter((part, i) => i > 0 || part)
    .join('\n');
  const html =
    `${noteHtml}<div class="forwarded"><p>---------- Forwarded message ---------<br>${head.map(([k, v]) => `${k}: ${esc(v)}`).join('<br>')}</p>` +
    `<blockquote style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">${esc(quoted).replace(/\n/g, '<br>')}</blockquote></div>`;
  return { html, text };
}
