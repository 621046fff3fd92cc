import { promises as dnsp } from 'node:dns';
import type { Deps } from '../../platform/runtime/deps.js';
import type { DnsCheck } from './dns-health.js';
import { resolveMailHost } from './mail-host.js';

/**
 * The DNS look-ups of a sender's domain, run by the mailbox probe (probe-worker.ts; dns-health.ts asks
 * through probe.ts): SPF (found, one record, syntax, and whether it authorises the SMTP host's address:
 * mailauth's SPF evaluation with that IP), DKIM (a public key under a known or given selector) and
 * DMARC (found, syntax, policy), each pass / warn / fail with a fix hint. Look-ups go through
 * DNS_SERVERS when set.
 */
export const DKIM_SELECTORS = ['default', 'google', 'selector1', 'selector2', 'k1', 's1', 'mail', 'dkim'];

function makeResolver(servers?: string[]) {
  const r = new dnsp.Resolver({ timeout: 3000, tries: 2 });
  if (servers?.length) r.setServers(servers);
  return r;
}

async function txt(r: dnsp.Resolver, name: string): Promise<string[]> {
  try {
    return (await r.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch {
    return [];
  }
}

export async function checkSpf(deps: Deps, domain: string, smtpHost: string): Promise<DnsCheck> {
  const r = makeResolver(deps.config.dnsServers);
  const records = (await txt(r, domain)).filter((t) => /^v=spf1(\s|$)/i.test(t));
  const base = { check: 'spf' as const, found: records.length > 0, record: records[0] ?? null };
  if (!records.length)
    return {
      ...base,
      status: 'fail',
      detail: `no SPF record at ${domain}`,
      fix: `Add a TXT record at ${domain}: "v=spf1 include:<your mail provider> -all" (or ip4:<SMTP address>).`,
    };
  if (records.length > 1)
    return { ...base, status: 'fail', detail: `${records.length} SPF records (RFC 7208 allows one)`, fix: 'Merge them into one TXT record.' };
  let ip: string;
  try {
    ip = (await resolveMailHost({ ...deps.config, allowLoopbackTargets: true, mode: 'local' }, smtpHost)).address;
  } catch {
    return {
      ...base,
      status: 'warn',
      detail: `SMTP host ${smtpHost} does not resolve, so SPF coverage could not be evaluated`,
      fix: 'Check the SMTP host name.',
    };
  }
  const { spf } = await import('mailauth/lib/spf/index.js');
  const resolver = async (name: string, type: string) => r.resolve(name, type as 'TXT') as Promise<never>;
  const result = await spf({ sender: `postmaster@${domain}`, ip, helo: smtpHost, mta: 'svc', resolver });
  const outcome = result.status.result;
  if (outcome === 'pass') return { ...base, status: 'pass', detail: `SPF authorises the SMTP host ${smtpHost} (${ip})`, fix: null };
  if (outcome === 'permerror' || outcome === 'temperror')
    return {
      ...base,
      status: 'fail',
      detail: `SPF ${outcome}: ${result.status.comment ?? 'record cannot be evaluated'}`,
      fix: 'Fix the record syntax (at most 10 DNS look-ups).',
    };
  if (outcome === 'neutral' || outcome === 'softfail')
    return {
      ...base,
      status: 'warn',
      detail: `SPF ${outcome} for the SMTP host ${smtpHost} (${ip})`,
      fix: `Authorise ${ip} (ip4:/include:) and end the record with -all.`,
    };
  return {
    ...base,
    status: 'fail',
    detail: `SPF does not authorise the SMTP host ${smtpHost} (${ip}): ${outcome}`,
    fix: `Add the SMTP provider (include:...) or ip4:${ip} to the SPF record at ${domain}.`,
  };
}

export async function checkDkim(deps: Deps, domain: string, selector?: string): Promise<DnsCheck> {
  const r = makeResolver(deps.config.dnsServers);
  for (const sel of selector ? [selector] : DKIM_SELECTORS) {
    const rec = (await txt(r, `${sel}._domainkey.${domain}`)).find((t) => /(^|;)\s*p=/i.test(t));
    if (!rec) continue;
    const p = /(?:^|;)\s*p=([^;]*)/i.exec(rec)?.[1]?.replace(/\s+/g, '') ?? '';
    const base = { check: 'dkim' as const, found: true, record: rec };
    if (!p)
      return {
        ...base,
        status: 'fail',
        detail: `selector ${sel}: the key is revoked (empty p=)`,
        fix: 'Publish the current public key from your mail provider.',
      };
    if (!/^[A-Za-z0-9+/=]+$/.test(p))
      return { ...base, status: 'fail', detail: `selector ${sel}: p= is not base64`, fix: 'Copy the key exactly as your provider shows it.' };
    return { ...base, status: 'pass', detail: `DKIM key found at ${sel}._domainkey.${domain}`, fix: null };
  }
  return {
    check: 'dkim',
    status: 'warn',
    found: false,
    record: null,
    detail: `no DKIM key under ${selector ? `selector ${selector}` : `the usual selectors (${DKIM_SELECTORS.join(', ')})`}`,
    fix: 'Enable DKIM signing at your mail provider and publish its TXT record; pass dkimSelector if it uses another selector.',
  };
}

export async function checkDmarc(deps: Deps, domain: string): Promise<DnsCheck> {
  const r = makeResolver(deps.config.dnsServers);
  const records = (await txt(r, `_dmarc.${domain}`)).filter((t) => /^v=DMARC1/i.test(t));
  const base = { check: 'dmarc' as const, found: records.length > 0, record: records[0] ?? null };
  if (!records.length)
    return {
      ...base,
      status: 'warn',
      detail: `no DMARC record at _dmarc.${domain}`,
      fix: `Add a TXT record at _dmarc.${domain}: "v=DMARC1; p=quarantine; rua=mailto:dmarc@${domain}".`,
    };
  if (records.length > 1) return { ...base, status: 'fail', detail: 'more than one DMARC record', fix: 'Keep exactly one.' };
  const policy = /(?:^|;)\s*p=\s*(none|quarantine|reject)\s*(;|$)/i.exec(records[0])?.[1]?.toLowerCase();
  if (!policy) return { ...base, status: 'fail', detail: 'DMARC record without a valid p= policy', fix: 'Use p=none, p=quarantine or p=reject.' };
  if (policy === 'none')
    return { ...base, status: 'warn', detail: 'DMARC policy is none (monitoring only)', fix: 'Move to p=quarantine once reports look clean.' };
  return { ...base, status: 'pass', detail: `DMARC policy ${policy}`, fix: null };
}
