import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundBlocked, outboundFetch } from '../../shared/platform/security/outbound-fetch.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';

/** The guard resolving through a real DNS server on 127.0.0.1 (DNS_SERVERS), fixture zones. */
let dns: DnsServer;
let server: http.Server;
let port: number;
let hits = 0;
beforeAll(async () => {
  dns = await startDnsServer({
    'rebind.attacker.test': { A: ['127.0.0.1'] },
    'metadata.attacker.test': { A: ['169.254.169.254'] },
    'intranet.attacker.test': { A: ['10.0.0.1'] },
    'v6.attacker.test': { AAAA: ['::1'] },
    'mapped.attacker.test': { AAAA: ['::ffff:127.0.0.1'] },
    'hooks.partner.test': { A: ['127.0.0.1'] },
  });
  server = http.createServer((_req, res) => (hits++, res.end('ok')));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await dns?.stop();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('outbound guard with DNS_SERVERS', () => {
  it.each(['rebind', 'metadata', 'intranet', 'v6', 'mapped'])('refuses %s.attacker.test after resolving it, without connecting', async (name) => {
    const e = await outboundFetch({ url: `http://${name}.attacker.test:${port}/`, dnsServers: [dns.address], timeoutMs: 5000 }).then(
      () => undefined,
      (x) => x,
    );
    expect(e).toBeInstanceOf(OutboundBlocked);
    expect(hits).toBe(0);
    expect(dns.queries.some((q) => q.endsWith(`${name}.attacker.test`))).toBe(true);
  });

  it('refuses a name that does not resolve', async () => {
    await expect(outboundFetch({ url: `http://nxdomain.attacker.test:${port}/`, dnsServers: [dns.address], timeoutMs: 5000 })).rejects.toThrow(
      /does not resolve/,
    );
  });

  it('connects to the checked address when loopback is explicitly allowed (tests only)', async () => {
    const r = await outboundFetch({ url: `http://hooks.partner.test:${port}/`, dnsServers: [dns.address], allowLoopback: true });
    expect(r.status).toBe(200);
    expect(r.address).toBe('127.0.0.1');
    expect(hits).toBe(1);
  });
});
