import { randomBytes } from 'node:crypto';
import { EMAIL_HTML_LIMITS } from '../../platform/html/bounds.js';
import { loadHtml } from '../../platform/html/parse.js';
import type { OutboundMessage } from '../../platform/ports/mail-transport.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { CompanyProfile } from '../../workspace/settings/settings.js';
import { LINK_PATHS, linkBase, signLink } from './links.js';

export interface ComposeInput {
  tenantId: string;
  taskId: string;
  contactId: string;
  to: { address: string; name?: string };
  from: { address: string; name?: string };
  rendered: { subject: string; html: string; text: string };
  profile: CompanyProfile;
  messageId: string;
  /** A reply or follow-up: In-Reply-To and References of the thread it continues. */
  thread?: { inReplyTo: string; references: string[] };
  tracking: boolean;
  trackingDomain?: string | null;
}

/** A Message-ID on the sending domain; stored on the send item before the SMTP transaction. */
export const newMessageId = (taskId: string, contactId: string, fromAddress: string) =>
  `<${taskId}.${contactId}.${randomBytes(6).toString('hex')}@${fromAddress.slice(fromAddress.lastIndexOf('@') + 1)}>`;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The compliance parts every email carries (spec "What the service does" 6, RFC 8058): a one-click
 * `List-Unsubscribe` https URL plus a mailto, `List-Unsubscribe-Post`, a visible unsubscribe link,
 * the sender identity and the physical address in the footer. With tracking on, links go through
 * the signed click redirect and an open pixel is appended.
 */
export function composeMessage(deps: Deps, m: ComposeInput): OutboundMessage {
  const base = linkBase(deps, m.trackingDomain);
  const ids = { t: m.tenantId, a: m.taskId, c: m.contactId };
  const unsubscribeUrl = `${base}${LINK_PATHS.unsubscribe}${signLink(deps, { k: 'u', ...ids, e: m.to.address })}`;
  const identity = [m.profile.senderName ?? m.from.name, m.profile.companyName].filter(Boolean).join(', ');
  const footerText = `\n\n--\n${identity}\n${m.profile.physicalAddress}\nUnsubscribe: ${unsubscribeUrl}\n`;
  const footerHtml =
    `<div style="margin-top:24px;font-size:12px;color:#666">${esc(identity)}<br>${esc(m.profile.physicalAddress)}<br>` +
    `<a href="${esc(unsubscribeUrl)}">Unsubscribe</a></div>`;
  let html = m.rendered.html;
  if (m.tracking) html = trackLinks(html, (url) => `${base}${LINK_PATHS.click}${signLink(deps, { k: 'c', ...ids, u: url })}`);
  const pixel = m.tracking
    ? `<img src="${esc(`${base}${LINK_PATHS.open}${signLink(deps, { k: 'o', ...ids })}`)}" width="1" height="1" alt="" style="display:none">`
    : '';
  html = /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${footerHtml}${pixel}</body>`) : `${html}${footerHtml}${pixel}`;
  return {
    from: m.from,
    to: m.to,
    subject: m.rendered.subject,
    html,
    text: `${m.rendered.text}${footerText}`,
    messageId: m.messageId,
    ...(m.thread ? { inReplyTo: m.thread.inReplyTo, references: m.thread.references } : {}),
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:${m.from.address}?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-SVC-Task': m.taskId,
    },
  };
}

/** Rewrites http(s) links of the body through `wrap` (mailto:, tel: and anchors stay). Throws HtmlTooComplex over the email bounds. */
function trackLinks(html: string, wrap: (url: string) => string): string {
  // htmlparser2 keeps the markup as written: a whole document keeps its <html>/<body> (the footer goes before </body>), a fragment stays one.
  const doc = loadHtml(html, 'html', EMAIL_HTML_LIMITS);
  const $ = doc.$;
  $('a[href]').each((_, el) => {
    const href = $(el).attr('href')!.trim();
    if (/^https?:\/\//i.test(href)) $(el).attr('href', wrap(href));
  });
  return doc.html();
}
