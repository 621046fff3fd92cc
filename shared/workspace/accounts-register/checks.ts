import { outboundFetch } from '../../platform/security/outbound-fetch.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { domainDns, type DomainDns } from './dns.js';
import { isFreeMailDomain } from './free-mail.js';

/**
 * The automatic checks of an address given to /api/auth/register:
 * - business mailbox: the domain is not a free or disposable provider (free-mail.ts);
 * - MX: the domain publishes MX records (a null MX "." does not count);
 * - MX alignment: at least one MX host resolves to an address (the mail really goes somewhere);
 * - website: the domain (or www.) answers over HTTPS or HTTP with a status below 500, fetched through
 *   the outbound guard (no private targets; loopback only with SVC_ALLOW_LOOPBACK_TARGETS in tests);
 * - with a questionnaire website: its host belongs to the email domain (same domain or a subdomain).
 * `passed` is true only when every check passed; `reasons` lists the lower_snake codes of failures.
 */
export interface DomainCheckResult {
  domain: string;
  checkedAt: string;
  passed: boolean;
  reasons: string[];
  businessMailbox: { passed: boolean };
  mx: { passed: boolean; hosts: string[] };
  mxAlignment: { passed: boolean; resolvingHosts: string[] };
  website: { passed: boolean; url: string | null; status: number | null };
  websiteMatchesDomain?: { passed: boolean; host: string };
}

export const emailDomain = (email: string) =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .toLowerCase()
    .replace(/\.$/, '');

const WEBSITE_TIMEOUT_MS = 4000;

export async function runDomainChecks(deps: Deps, email: string, opts: { website?: string; dns?: DomainDns } = {}): Promise<DomainCheckResult> {
  const domain = emailDomain(email);
  const dns = opts.dns ?? domainDns(deps.config);
  const reasons: string[] = [];

  const businessMailbox = { passed: !isFreeMailDomain(domain) };
  if (!businessMailbox.passed) reasons.push('free_mail_provider');

  const mxRecords = (await dns.mx(domain)).filter((m) => m.exchange && m.exchange !== '.').sort((a, b) => a.priority - b.priority);
  const hosts = mxRecords.map((m) => m.exchange.toLowerCase()).slice(0, 10);
  const mx = { passed: hosts.length > 0, hosts };
  if (!mx.passed) reasons.push('no_mx');

  const resolving = await Promise.all(hosts.slice(0, 5).map(async (h) => ((await dns.addresses(h)).length ? h : undefined)));
  const mxAlignment = { passed: resolving.some(Boolean), resolvingHosts: resolving.filter((h): h is string => Boolean(h)) };
  if (mx.passed && !mxAlignment.passed) reasons.push('mx_does_not_resolve');

  const candidates = [`https://${domain}/`, `http://${domain}/`, `https://www.${domain}/`, `http://www.${domain}/`];
  let websiteHost: string | undefined;
  if (opts.website) {
    try {
      const u = new URL(opts.website);
      websiteHost = u.hostname.toLowerCase();
      candidates.unshift(u.toString());
    } catch {
      websiteHost = undefined;
    }
  }
  const website = await probeWebsite(deps, candidates);
  if (!website.passed) reasons.push('website_unreachable');

  let websiteMatchesDomain: DomainCheckResult['websiteMatchesDomain'];
  if (opts.website) {
    const host = websiteHost?.replace(/^www\./, '') ?? '';
    websiteMatchesDomain = {
      passed: Boolean(host) && (host === domain || host.endsWith(`.${domain}`) || domain.endsWith(`.${host}`)),
      host: websiteHost ?? '',
    };
    if (!websiteMatchesDomain.passed) reasons.push('website_domain_mismatch');
  }

  return {
    domain,
    checkedAt: new Date(deps.clock.now()).toISOString(),
    passed: reasons.length === 0,
    reasons,
    businessMailbox,
    mx,
    mxAlignment,
    website,
    ...(websiteMatchesDomain ? { websiteMatchesDomain } : {}),
  };
}

/** First candidate URL that answers (status 1xx-4xx after at most 3 guarded redirects). */
async function probeWebsite(deps: Deps, urls: string[]): Promise<DomainCheckResult['website']> {
  for (const url of urls) {
    try {
      const res = await outboundFetch({
        url,
        method: 'GET',
        timeoutMs: WEBSITE_TIMEOUT_MS,
        maxRedirects: 3,
        maxBodyBytes: 16 * 1024,
        allowLoopback: deps.config.allowLoopbackTargets,
        dnsServers: deps.config.dnsServers,
      });
      if (res.status > 0 && res.status < 500) return { passed: true, url: res.url, status: res.status };
    } catch {
      // Refused, unresolvable, blocked or timed out: try the next form of the address.
    }
  }
  return { passed: false, url: null, status: null };
}
