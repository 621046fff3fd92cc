import { parse } from 'tldts';

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

export type Target = { ok: true; host: string; url: string } | { ok: false; reasonCode: 'no_domain' | 'invalid_domain' };

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
  const p = parse(url.hostname);
  if (!p.hostname || p.isIp || !p.publicSuffix || !p.domain) return { ok: false, reasonCode: 'invalid_domain' };
  const host = p.hostname.toLowerCase().replace(/^www\./, '');
  return { ok: true, host, url: `${url.protocol}//${url.host}${url.pathname === '' ? '/' : url.pathname}` };
}
