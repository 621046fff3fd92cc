import { promises as dnsp, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, isIPv4 } from 'node:net';

/**
 * The one guard for every request to a user-supplied address (webhooks, crawler, card-field
 * webhooks, website checks). It refuses loopback, private, link-local, CGNAT, multicast,
 * unspecified, documentation and cloud-metadata targets in every spelling, checks the addresses
 * a host name resolves to, and connects to exactly the address it checked (the custom `lookup`
 * pins it: no second resolution, no TOCTOU). Redirects are followed by hand, each hop checked
 * again, at most `maxRedirects`. The body is capped and the whole exchange has one deadline.
 *
 * `allowLoopback` (config.allowLoopbackTargets, SVC_ALLOW_LOOPBACK_TARGETS=true, tests only) admits
 * 127.0.0.0/8 and ::1, and plain http:// to them; nothing else is ever admitted.
 */
export class OutboundBlocked extends Error {
  constructor(
    readonly reason: string,
    readonly target: string,
  ) {
    super(`outbound request refused: ${reason}`);
    this.name = 'OutboundBlocked';
  }
}

export type Resolver = (host: string) => Promise<string[]>;

export interface OutboundRequest {
  url: string;
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Admit loopback targets (tests): config.allowLoopbackTargets. */
  allowLoopback?: boolean;
  /** Refuse http:// (webhooks), except to loopback when allowLoopback is set. */
  requireHttps?: boolean;
  /** Total deadline for DNS, connect, redirects and body (default 10 s). */
  timeoutMs?: number;
  /** Response body cap in bytes; longer bodies are truncated (default 256 KB). */
  maxBodyBytes?: number;
  /** Redirects followed (default 3; 0 = return the 3xx as is). */
  maxRedirects?: number;
  /** Name resolution (default: DNS_SERVERS via dns.Resolver when given, else the system resolver). */
  resolve?: Resolver;
  dnsServers?: string[];
  /**
   * Test seam only: the socket address used once the checked address has passed (lets a unit test
   * stand a loopback server in for a public address). Never set from configuration.
   */
  dialOverride?: (checkedAddress: string) => string;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  truncated: boolean;
  /** The final URL after redirects. */
  url: string;
  /** The address actually connected to. */
  address: string;
}

const V4_BLOCKED: [string, number, string][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'special'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmark'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];
const V6_BLOCKED: [string, number, string][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['100::', 64, 'discard'],
  ['2001::', 23, 'special'],
  ['2001:db8::', 32, 'documentation'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['64:ff9b:1::', 48, 'nat64-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];
const lists = new Map<string, BlockList>();
for (const [net, prefix, reason] of [...V4_BLOCKED.map((r) => [...r, 'ipv4'] as const), ...V6_BLOCKED.map((r) => [...r, 'ipv6'] as const)]) {
  if (!lists.has(reason)) lists.set(reason, new BlockList());
  lists.get(reason)!.addSubnet(net, prefix, isIPv4(net) ? 'ipv4' : 'ipv6');
}

/**
 * Reads an IPv4 address in any spelling inet_aton accepts (decimal `2130706433`, octal
 * `0177.0.0.1`, hex `0x7f000001`, short `127.1`) and returns it dotted, or undefined.
 */
export function parseLooseIPv4(host: string): string | undefined {
  const parts = host.split('.');
  if (parts.length < 1 || parts.length > 4) return undefined;
  const nums: number[] = [];
  for (const p of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(p)) n = p.length === 2 ? 0 : parseInt(p.slice(2), 16);
    else if (/^0[0-7]+$/.test(p)) n = parseInt(p, 8);
    else if (/^(0|[1-9][0-9]*)$/.test(p)) n = Number(p);
    else return undefined;
    nums.push(n);
  }
  const last = nums.pop()!;
  if (nums.some((n) => n > 255) || last >= 256 ** (4 - nums.length)) return undefined;
  let value = last;
  nums.forEach((n, i) => (value += n * 256 ** (3 - i)));
  return [24, 16, 8, 0].map((s) => Math.floor(value / 2 ** s) % 256).join('.');
}

/** The 16 bytes of an IPv6 address (with or without an embedded dotted IPv4 tail). */
function ipv6Bytes(ip: string): number[] {
  let s = ip.replace(/%.*$/, '');
  const tail: number[] = [];
  const m = s.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (m) {
    tail.push(...m[1].split('.').map(Number));
    s = s.slice(0, -m[1].length) + '0:0';
  }
  const [head, rest] = s.split('::');
  const h = head ? head.split(':') : [];
  const r = rest !== undefined ? (rest ? rest.split(':') : []) : [];
  const groups = rest !== undefined ? [...h, ...Array(8 - h.length - r.length).fill('0'), ...r] : h;
  const bytes = groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

/**
 * IPv4 addresses embedded in IPv6 forms that reach an IPv4 host: mapped (::ffff:0:0/96), translated
 * (::ffff:0:0:0/96), compatible (::/96), NAT64 well-known (64:ff9b::/96), 6to4 (2002::/16, the
 * gateway), Teredo (2001::/32: server and de-obfuscated client) and ISATAP interface ids. Each one is
 * checked as the IPv4 address it stands for. (The NAT64 local-use 64:ff9b:1::/48 and Teredo are also
 * refused as a whole below: where their IPv4 sits depends on a prefix length nobody tells us.)
 */
function embeddedIPv4(ip: string): string[] {
  const b = ipv6Bytes(ip);
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const v4 = (at: number, xor = 0) =>
    b
      .slice(at, at + 4)
      .map((x) => x ^ xor)
      .join('.');
  const found: string[] = [];
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) found.push(v4(12));
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && zero(10, 12)) found.push(v4(12));
  if (zero(0, 12) && !(b[12] === 0 && b[13] === 0 && b[14] === 0 && b[15] <= 1)) found.push(v4(12));
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && (zero(4, 12) || (b[4] === 0 && b[5] === 1))) found.push(v4(12));
  if (b[0] === 0x20 && b[1] === 0x02) found.push(v4(2));
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) found.push(v4(4), v4(12, 0xff));
  if ((b[8] & 0xfd) === 0 && b[9] === 0 && b[10] === 0x5e && b[11] === 0xfe) found.push(v4(12));
  return found;
}

/** Why an IP literal may not be contacted, or undefined when it is a public address. */
export function blockedReason(ip: string, allowLoopback = false): string | undefined {
  const family = isIP(ip);
  if (!family) return 'not an IP address';
  if (family === 6) {
    for (const v4 of embeddedIPv4(ip)) {
      const reason = blockedReason(v4, allowLoopback);
      if (reason) return reason;
    }
  }
  for (const [reason, list] of lists) {
    if (list.check(ip, family === 4 ? 'ipv4' : 'ipv6')) return allowLoopback && reason === 'loopback' ? undefined : reason;
  }
  return undefined;
}

export const isLoopbackIp = (ip: string) => blockedReason(ip) === 'loopback';

/** The host of a URL as an IP literal when it is one (any IPv4 spelling, bracketed IPv6). */
export function hostAsIp(hostname: string): string | undefined {
  const h = hostname.replace(/^\[|\]$/g, '');
  if (isIP(h)) return h;
  return parseLooseIPv4(h);
}

/**
 * Static check of a user-supplied URL (at subscription time): scheme, credentials, and IP-literal
 * hosts. Host names are checked again, after resolution, on every request.
 */
export function checkTargetUrl(raw: string, opts: { allowLoopback?: boolean; requireHttps?: boolean } = {}): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundBlocked('invalid URL', raw);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundBlocked('only http(s) URLs', raw);
  if (url.username || url.password) throw new OutboundBlocked('credentials in URL', raw);
  const ip = hostAsIp(url.hostname);
  const loopbackTarget = opts.allowLoopback && (ip ? isLoopbackIp(ip) : url.hostname === 'localhost');
  if (url.protocol === 'http:' && opts.requireHttps && !loopbackTarget) throw new OutboundBlocked('HTTPS required', raw);
  if (ip) {
    const reason = blockedReason(ip, opts.allowLoopback);
    if (reason) throw new OutboundBlocked(`${reason} address`, raw);
  } else if (/(^|\.)(localhost|internal|local)$/i.test(url.hostname) && !loopbackTarget) {
    throw new OutboundBlocked('local host name', raw);
  }
  return url;
}

function defaultResolver(dnsServers?: string[]): Resolver {
  if (dnsServers?.length) {
    const r = new dnsp.Resolver({ timeout: 3000, tries: 2 });
    r.setServers(dnsServers);
    return async (host) => {
      const [a, aaaa] = await Promise.allSettled([r.resolve4(host), r.resolve6(host)]);
      return [...(a.status === 'fulfilled' ? a.value : []), ...(aaaa.status === 'fulfilled' ? aaaa.value : [])];
    };
  }
  return async (host) => (await dnsp.lookup(host, { all: true, verbatim: true })).map((a: LookupAddress) => a.address);
}

/** Resolves a host and returns one address, after checking that every address it has is allowed. */
export async function resolveChecked(host: string, req: OutboundRequest): Promise<string> {
  const ip = hostAsIp(host);
  if (ip) {
    const reason = blockedReason(ip, req.allowLoopback);
    if (reason) throw new OutboundBlocked(`${reason} address`, host);
    return ip;
  }
  const addresses = await (req.resolve ?? defaultResolver(req.dnsServers))(host).catch(() => [] as string[]);
  if (!addresses.length) throw new OutboundBlocked('host does not resolve', host);
  // Every answer must pass: a name with one private answer is refused outright (rebinding).
  for (const a of addresses) {
    const reason = blockedReason(a, req.allowLoopback);
    if (reason) throw new OutboundBlocked(`${host} resolves to a ${reason} address`, host);
  }
  return addresses[0];
}

/** One guarded request: checks, pins, follows redirects by hand. Throws OutboundBlocked or a network error. */
export async function outboundFetch(req: OutboundRequest): Promise<OutboundResponse> {
  const deadline = Date.now() + (req.timeoutMs ?? 10_000);
  const maxRedirects = req.maxRedirects ?? 3;
  let url = req.url;
  let method = req.method ?? 'GET';
  let body = req.body;
  for (let hop = 0; ; hop++) {
    const target = checkTargetUrl(url, req);
    const address = await withDeadline(resolveChecked(target.hostname, req), deadline);
    const res = await send(target, req.dialOverride?.(address) ?? address, { ...req, method, body }, deadline);
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && typeof location === 'string' && maxRedirects > 0) {
      if (hop >= maxRedirects) throw new OutboundBlocked('too many redirects', url);
      url = new URL(location, target).toString();
      if (res.status !== 307 && res.status !== 308) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
      }
      continue;
    }
    return { ...res, url: target.toString(), address };
  }
}

function withDeadline<T>(p: Promise<T>, deadline: number): Promise<T> {
  const ms = deadline - Date.now();
  if (ms <= 0) return Promise.reject(new Error('timeout'));
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)))]).finally(() => clearTimeout(timer));
}

function send(url: URL, address: string, req: OutboundRequest, deadline: number): Promise<Omit<OutboundResponse, 'url' | 'address'>> {
  const cap = req.maxBodyBytes ?? 256 * 1024;
  const family = isIP(address);
  return new Promise((resolve, reject) => {
    const ms = deadline - Date.now();
    if (ms <= 0) return reject(new Error('timeout'));
    const lib = url.protocol === 'https:' ? https : http;
    const bare = url.hostname.replace(/^\[|\]$/g, '');
    const headers: Record<string, string> = { 'user-agent': 'svc-outbound/1.0', ...req.headers, host: url.host };
    if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
    const r = lib.request(
      {
        // Pinning: the socket connects to the IP literal that was checked, so nothing resolves the name
        // again (no TOCTOU, no rebinding). Host header and TLS SNI/certificate check keep the name.
        host: address,
        family,
        port: url.port || undefined,
        path: url.pathname + url.search,
        method: req.method,
        headers,
        agent: false,
        servername: isIP(bare) ? undefined : bare,
        lookup: ((_h: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) =>
          opts?.all ? cb(null, [{ address, family }]) : cb(null, address, family)) as never,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        res.on('data', (c: Buffer) => {
          if (truncated) return;
          if (size + c.length > cap) {
            chunks.push(c.subarray(0, cap - size));
            truncated = true;
            res.destroy();
            finish();
            return;
          }
          chunks.push(c);
          size += c.length;
        });
        const finish = () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), truncated });
        };
        res.on('end', finish);
        res.on('error', (e) => (truncated ? undefined : reject(e)));
      },
    );
    const timer = setTimeout(() => r.destroy(new Error('timeout')), ms);
    r.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    r.end(req.body);
  });
}
