import { getEmptyResult, parseImpl } from 'tldts-core';

/**
 * Where a company's site is: domainField omitted or `website` → website, else domain; `domain` → domain;
 * any other value → that company custom field. The normalised host (lower case, no `www.`) is the
 * unit of a visit: every card with the same host shares one visit per run.
 */
export function siteValue(company: Record<string, unknown>, domainField: string): string | null {
  const cf = (company.customFields ?? {}) as Record<string, unknown>;
  const v = domainField === 'website' ? company.website || company.domain : domainField === 'domain' ? company.domain : cf[domainField];
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

/** `hostname` is the site's own (with any `www.`): whether it is a registrable domain is decided on it (registrable.ts). */
export type Target = { ok: true; host: string; hostname: string; url: string } | { ok: false; reasonCode: 'no_domain' | 'invalid_domain' };

/** The public suffix list's prevailing rule `*` alone: the right-most label is the suffix. */
function rightMostLabel(hostname: string, _options: unknown, out: { publicSuffix: string | null }) {
  out.publicSuffix = hostname.slice(hostname.lastIndexOf('.') + 1);
}
const DOMAIN = 3; // tldts-core's FLAG.DOMAIN (a const enum, not importable here)

/**
 * The site a value names, without the public suffix list (tldts' ~122 KB does not belong on the request
 * path, issue 25): the hostname is validated and an IP refused as tldts does, and a name without a
 * label before its right-most one (`localhost`) is invalid. A hostname that is itself a public suffix
 * (`co.uk`) passes here; the crawl worker finds it NO_SITE with the list (registrable.ts, worker.ts).
 */
export function targetOf(value: string | null): Target {
  if (!value) return { ok: false, reasonCode: 'no_domain' };
  // Without a scheme the crawl starts at http:// (sites redirect to https themselves; the guard follows).
  const raw = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reasonCode: 'invalid_domain' };
  }
  if (!/^https?:$/.test(url.protocol)) return { ok: false, reasonCode: 'invalid_domain' };
  const p = parseImpl(url.hostname, DOMAIN, rightMostLabel, {}, getEmptyResult());
  if (!p.hostname || p.isIp || !p.publicSuffix || !p.domain) return { ok: false, reasonCode: 'invalid_domain' };
  const hostname = p.hostname.toLowerCase();
  return { ok: true, host: hostname.replace(/^www\./, ''), hostname, url: `${url.protocol}//${url.host}${url.pathname === '' ? '/' : url.pathname}` };
}
