import { suppress } from '../../crm/audience/suppression.js';
import { notFound } from '../../platform/errors.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { moveItem } from './items.js';
import { verifyLink } from './links.js';

/**
 * The unsubscribe end of the links in sent emails (no credentials; the signed token is the authority).
 * A bad or forged token is "not found".
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>` +
  `<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">${body}</body></html>`;

/**
 * Headers of the public pages: nothing loads, nothing frames them, the form posts only to the
 * link's own service (the action may be the service's base URL while the page came through a
 * workspace's tracking domain).
 */
export const publicPageHeaders = (formAction?: string) => ({
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'${formAction ? ` ${new URL(formAction).origin}` : ''}; frame-ancestors 'none'`,
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
});

/** GET: a confirmation page whose button POSTs (mail scanners that prefetch GET unsubscribe nobody). */
export function unsubscribePage(deps: Deps, token: string, action: string) {
  const p = verifyLink(deps, token, 'u');
  if (!p) throw notFound('Link');
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe</h1><p>Stop emails to <b>${esc(p.e)}</b>?</p>` +
      `<form method="post" action="${esc(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

/**
 * POST (RFC 8058 one-click, or the page's button): the address is suppressed at once (source
 * `unsubscribe`). Idempotent: a repeat finds the entry and answers the same.
 */
export async function unsubscribe(deps: Deps, token: string) {
  const p = verifyLink(deps, token, 'u');
  if (!p) throw notFound('Link');
  const table = deps.tenantTable(p.t);
  const now = deps.clock.now();
  const entry = await suppress(table, { email: p.e, source: 'unsubscribe', note: `task ${p.a}` }, now);
  await moveItem(
    table,
    p.a,
    p.c,
    { set: { unsubscribedAt: new Date(now).toISOString() }, condition: { expression: 'attribute_exists(pk) AND attribute_not_exists(unsubscribedAt)' } },
    { unsubscribed: 1 },
  );
  return { email: p.e, entry };
}

export const unsubscribedPage = (email: string) =>
  page('Unsubscribed', `<h1>Unsubscribed</h1><p><b>${esc(email)}</b> will receive no more emails from this sender.</p>`);
