import { promises as dnsp } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, answer, type DnsServer } from '../support/dns-server.js';
import { domainDns } from '../../shared/workspace/accounts-register/dns.js';
import { isFreeMailDomain } from '../../shared/workspace/accounts-register/free-mail.js';
import { emailDomain, runDomainChecks } from '../../shared/workspace/accounts-register/checks.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';

let dns: DnsServer;
beforeAll(async () => {
  dns = await startDnsServer({
    'acme.test': {
      A: ['127.0.0.1'],
      AAAA: ['::1'],
      MX: [
        { priority: 20, exchange: 'mx2.acme.test' },
        { priority: 10, exchange: 'mx1.acme.test' },
      ],
      TXT: ['v=spf1 -all'],
    },
    'mx1.acme.test': { A: ['192.0.2.1'] },
    'alias.acme.test': { CNAME: 'acme.test' },
    'nullmx.test': { MX: [{ priority: 0, exchange: '.' }] },
  });
});
afterAll(() => dns?.stop());

describe('test/support/dns-server', () => {
  it('answers A, AAAA, MX, TXT and follows CNAMEs for a node:dns Resolver', async () => {
    const r = new dnsp.Resolver({ timeout: 1000, tries: 1 });
    r.setServers([dns.address]);
    expect(await r.resolve4('acme.test')).toEqual(['127.0.0.1']);
    expect(await r.resolve6('acme.test')).toEqual(['::1']);
    expect((await r.resolveMx('acme.test')).sort((a, b) => a.priority - b.priority)).toEqual([
      { exchange: 'mx1.acme.test', priority: 10 },
      { exchange: 'mx2.acme.test', priority: 20 },
    ]);
    expect(await r.resolveTxt('acme.test')).toEqual([['v=spf1 -all']]);
    expect(await r.resolve4('alias.acme.test')).toEqual(['127.0.0.1']);
    await expect(r.resolve4('missing.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(r.resolveMx('mx1.acme.test')).rejects.toMatchObject({ code: 'ENODATA' });
    dns.set('late.test', { A: ['10.0.0.1'] });
    expect(await r.resolve4('late.test')).toEqual(['10.0.0.1']);
    expect(dns.queries).toContain('MX acme.test');
  });

  it('drops packets that are not a single question', () => {
    expect(answer(Buffer.alloc(5), {})).toBeUndefined();
    const response = Buffer.alloc(12);
    response.writeUInt16BE(0x8000, 2);
    expect(answer(response, {})).toBeUndefined();
  });
});

describe('free-mail list', () => {
  it('matches providers and their subdomains, not business domains', () => {
    expect(isFreeMailDomain('gmail.com')).toBe(true);
    expect(isFreeMailDomain('GMAIL.COM')).toBe(true);
    expect(isFreeMailDomain('mail.yahoo.com')).toBe(true);
    expect(isFreeMailDomain('mailinator.com')).toBe(true);
    expect(isFreeMailDomain('acme.com')).toBe(false);
    expect(isFreeMailDomain('notgmail.com')).toBe(false);
  });
});

describe('domain checks', () => {
  const deps = (dnsServers: string[]) =>
    ({ config: { dnsServers, allowLoopbackTargets: false }, clock: { now: () => Date.UTC(2026, 10, 21) } }) as unknown as Deps;

  it('DNS_SERVERS (host:port) is honoured by the resolver of the checks', async () => {
    const d = domainDns({ dnsServers: [dns.address] });
    expect((await d.mx('acme.test')).length).toBe(2);
    expect(await d.addresses('mx1.acme.test')).toEqual(['192.0.2.1']);
    expect(await d.mx('missing.test')).toEqual([]);
  });

  it('reports each failed check by reason code; loopback websites are refused without the opt-in', async () => {
    const r = await runDomainChecks(deps([dns.address]), 'ceo@acme.test');
    expect(r).toMatchObject({
      domain: 'acme.test',
      passed: false,
      reasons: ['website_unreachable'],
      mx: { passed: true, hosts: ['mx1.acme.test', 'mx2.acme.test'] },
      mxAlignment: { passed: true, resolvingHosts: ['mx1.acme.test'] },
      website: { passed: false, url: null, status: null },
      checkedAt: '2026-11-21T00:00:00.000Z',
    });
    const nullMx = await runDomainChecks(deps([dns.address]), 'a@nullmx.test');
    expect(nullMx.reasons).toEqual(['no_mx', 'website_unreachable']);
    const free = await runDomainChecks(deps([dns.address]), 'someone@gmail.com', { website: 'https://acme.test/' });
    expect(free.reasons).toEqual(expect.arrayContaining(['free_mail_provider', 'website_domain_mismatch']));
  });

  it('emailDomain takes the part after the last @', () => {
    expect(emailDomain('"a@b"@Example.COM')).toBe('example.com');
  });
});
