import { promises as dnsp } from 'node:dns';
import type { Config } from '../../platform/runtime/config.js';

/**
 * DNS look-ups for the registration checks. DNS_SERVERS (config.dnsServers, `host` or `host:port`)
 * replaces the system servers; tests point it at test/support/dns-server.ts.
 */
export interface DomainDns {
  mx(domain: string): Promise<{ exchange: string; priority: number }[]>;
  addresses(host: string): Promise<string[]>;
}

export function domainDns(config: Pick<Config, 'dnsServers'>): DomainDns {
  const r = new dnsp.Resolver({ timeout: 2500, tries: 2 });
  if (config.dnsServers?.length) r.setServers(config.dnsServers);
  // NXDOMAIN / NODATA / timeouts all mean "no records" for a check; the reason is not the client's business.
  const none = () => [] as never[];
  return {
    mx: (domain) => r.resolveMx(domain).catch(none),
    addresses: async (host) => {
      const [a, aaaa] = await Promise.all([r.resolve4(host).catch(none), r.resolve6(host).catch(none)]);
      return [...a, ...aaaa];
    },
  };
}
