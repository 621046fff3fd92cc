import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerOfAddress } from '../../shared/mailing/deliverability/matrix.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';

// A real resolver against the loopback DNS server: the provider of an address comes from its MX.
let dns: DnsServer;
beforeAll(async () => {
  dns = await startDnsServer({
    'acme-mail.test': { MX: [{ priority: 10, exchange: 'aspmx.l.google.com' }] },
    'other-mail.test': { MX: [{ priority: 10, exchange: 'mx.other-mail.test' }] },
  });
});
afterAll(() => dns?.stop());

const deps = () => ({ clock: { now: () => Date.now() }, config: { dnsServers: [dns.address] } }) as unknown as Deps;

describe('provider of a recipient address', () => {
  it("a batch's concurrent look-ups of one new domain share one MX query, then the answer is remembered", async () => {
    const providers = await Promise.all(Array.from({ length: 25 }, (_, i) => providerOfAddress(deps(), `p${i}@acme-mail.test`)));
    expect(new Set(providers)).toEqual(new Set(['gmail']));
    expect(dns.queries.filter((q) => q === 'MX acme-mail.test')).toHaveLength(1);
    expect(await providerOfAddress(deps(), 'later@acme-mail.test')).toBe('gmail');
    expect(dns.queries.filter((q) => q === 'MX acme-mail.test')).toHaveLength(1);
    expect(await providerOfAddress(deps(), 'x@other-mail.test')).toBe('other');
  });
});
