import { Resolver } from 'node:dns/promises';

export type MxLookup =
  | { status: 'ok'; hosts: { exchange: string; priority: number }[]; implicit: boolean }
  | { status: 'not_found' | 'no_mx' | 'null_mx' | 'error'; detail?: string };

export interface DnsOptions {
  /** `ip` or `ip:port` entries (config.dnsServers / DNS_SERVERS); the system resolvers when absent. */
  servers?: string[];
  timeoutMs: number;
}

export function makeResolver(opts: DnsOptions): Resolver {
  const r = new Resolver({ timeout: Math.max(100, Math.floor(opts.timeoutMs / 2)), tries: 2 });
  if (opts.servers?.length) r.setServers(opts.servers);
  return r;
}

const code = (e: unknown) => (e as { code?: string })?.code ?? 'EUNKNOWN';
const absent = (e: unknown) => ['ENOTFOUND', 'ENODATA', 'NXDOMAIN'].includes(code(e));

/**
 * MX hosts of a domain, by priority. RFC 7505 null MX (`0 .`) means the domain takes no mail; with no
 * MX records at all the domain's own A/AAAA record is the implicit MX (RFC 5321 5.1).
 */
export async function lookupMx(resolver: Resolver, domain: string): Promise<MxLookup> {
  try {
    const mx = await resolver.resolveMx(domain);
    if (mx.length === 1 && (mx[0].exchange === '' || mx[0].exchange === '.')) return { status: 'null_mx' };
    const hosts = mx.filter((m) => m.exchange && m.exchange !== '.').sort((a, b) => a.priority - b.priority);
    if (hosts.length) return { status: 'ok', hosts, implicit: false };
  } catch (e) {
    if (code(e) === 'ENOTFOUND') return { status: 'not_found' };
    if (!absent(e)) return { status: 'error', detail: code(e) };
  }
  // No MX: the implicit MX is the domain itself, when it has an address.
  const addrs = await hostAddresses(resolver, domain);
  if (addrs.status === 'error') return { status: 'error', detail: addrs.detail };
  return addrs.addresses.length ? { status: 'ok', hosts: [{ exchange: domain, priority: 0 }], implicit: true } : { status: 'no_mx' };
}

/** IPv4 then IPv6 addresses of a host. */
export async function hostAddresses(resolver: Resolver, host: string): Promise<{ status: 'ok'; addresses: string[] } | { status: 'error'; detail: string }> {
  const out: string[] = [];
  for (const fn of [resolver.resolve4.bind(resolver), resolver.resolve6.bind(resolver)]) {
    if (out.length) break;
    try {
      out.push(...(await fn(host)));
    } catch (e) {
      if (!absent(e)) return { status: 'error', detail: code(e) };
    }
  }
  return { status: 'ok', addresses: out };
}
