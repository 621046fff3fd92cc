import { promises as dnsp } from 'node:dns';
import type { Config } from '../../platform/runtime/config.js';
import { blockedReason, hostAsIp } from '../../platform/security/outbound-fetch.js';

/**
 * Mail hosts are user-supplied addresses too: the same address rules as the outbound-fetch guard
 * (no private, link-local, metadata ... targets). Loopback is admitted in tests
 * (SVC_ALLOW_LOOPBACK_TARGETS=true) and in the embedded local runtime (its mail sandbox listens on
 * 127.0.0.1), never in a deployed Lambda. The checked address is the one connected to (no second
 * resolution); TLS still verifies the certificate against the host name (`servername`).
 */
export class MailHostBlocked extends Error {
  constructor(
    readonly host: string,
    readonly reason: string,
  ) {
    super(`mail host ${host} refused: ${reason}`);
    this.name = 'MailHostBlocked';
  }
}

export interface ResolvedMailHost {
  /** The IP to connect to. */
  address: string;
  /** The name for TLS SNI/certificate checks (the host as given). */
  servername: string;
  loopback: boolean;
}

export const loopbackAllowed = (config: Pick<Config, 'mode' | 'allowLoopbackTargets'>) => config.allowLoopbackTargets || config.mode === 'local';

export async function resolveMailHost(config: Pick<Config, 'mode' | 'allowLoopbackTargets' | 'dnsServers'>, host: string): Promise<ResolvedMailHost> {
  const allow = loopbackAllowed(config);
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  let addresses: string[];
  const literal = hostAsIp(name);
  if (literal) addresses = [literal];
  else if (name === 'localhost') addresses = ['127.0.0.1'];
  else {
    const r = new dnsp.Resolver({ timeout: 3000, tries: 2 });
    if (config.dnsServers?.length) r.setServers(config.dnsServers);
    const [v4, v6] = await Promise.all([r.resolve4(name).catch(() => [] as string[]), r.resolve6(name).catch(() => [] as string[])]);
    addresses = [...v4, ...v6];
    if (!addresses.length) throw new MailHostBlocked(host, 'host name does not resolve');
  }
  // Every address must pass: a name resolving to one public and one private address is refused.
  for (const ip of addresses) {
    const reason = blockedReason(ip, allow);
    if (reason) throw new MailHostBlocked(host, `${reason} address`);
  }
  const address = addresses[0];
  return { address, servername: literal ? '' : name, loopback: blockedReason(address) === 'loopback' };
}
