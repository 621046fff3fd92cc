import { OutboundBlocked, outboundFetch } from '../../../platform/security/outbound-fetch.js';

export interface FetchOptions {
  allowLoopback: boolean;
  dnsServers?: string[];
  timeoutMs: number;
  /** Body cap (default 1 MB); longer pages are cut, not failed. */
  maxBytes?: number;
}

export interface FetchedPage {
  ok: boolean;
  reasonCode: string | null;
  httpStatus: number | null;
  url: string;
  finalUrl: string;
  html: string;
  durationMs: number;
}

const USER_AGENT = 'svc-site-enrichment/1.0 (+robots.txt honoured)';

/** Maps a guarded-fetch failure to the lower_snake reasonCode items, stats and reason summary share. */
export function reasonOf(e: unknown): string {
  if (e instanceof OutboundBlocked) {
    if (/does not resolve/.test(e.reason)) return 'dns_failure';
    if (/too many redirects/.test(e.reason)) return 'too_many_redirects';
    if (/invalid URL|only http/.test(e.reason)) return 'invalid_url';
    return 'blocked_target';
  }
  const err = e as NodeJS.ErrnoException;
  const code = String(err?.code ?? '');
  if (/timeout/i.test(err?.message ?? '') || code === 'ETIMEDOUT') return 'timeout';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection_reset';
  if (/CERT|SSL|TLS|SELF_SIGNED|EPROTO/i.test(code) || /certificate|ssl|tls/i.test(err?.message ?? '')) return 'tls_error';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns_failure';
  return 'network_error';
}

/** The charset from the Content-Type header, else a <meta charset>, else UTF-8. */
export function decodeBody(body: Buffer, contentType: string | undefined): string {
  let charset = /charset=["']?([\w-]+)/i.exec(contentType ?? '')?.[1];
  if (!charset) charset = /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 4096).toString('latin1'))?.[1];
  try {
    return new TextDecoder((charset ?? 'utf-8').toLowerCase()).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** One page over the outbound guard: redirects (≤ 5), size cap, one deadline, charset decoding. */
export async function fetchPage(url: string, o: FetchOptions): Promise<FetchedPage> {
  const started = Date.now();
  const base = { url, finalUrl: url, html: '', httpStatus: null as number | null };
  try {
    const res = await outboundFetch({
      url,
      allowLoopback: o.allowLoopback,
      dnsServers: o.dnsServers,
      timeoutMs: o.timeoutMs,
      maxBodyBytes: o.maxBytes ?? 1024 * 1024,
      maxRedirects: 5,
      headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
    });
    const durationMs = Date.now() - started;
    const type = String(res.headers['content-type'] ?? '');
    const out = { ...base, httpStatus: res.status, finalUrl: res.url, durationMs };
    if (res.status >= 500) return { ...out, ok: false, reasonCode: 'http_5xx' };
    if (res.status >= 400) return { ...out, ok: false, reasonCode: 'http_4xx' };
    if (res.status >= 300) return { ...out, ok: false, reasonCode: 'bad_redirect' };
    if (type && !/html|xml|text\/plain/i.test(type)) return { ...out, ok: false, reasonCode: 'not_html' };
    const html = decodeBody(res.body, type);
    if (!html.trim()) return { ...out, ok: false, reasonCode: 'empty_page' };
    return { ...out, ok: true, reasonCode: null, html };
  } catch (e) {
    return { ...base, ok: false, reasonCode: reasonOf(e), durationMs: Date.now() - started };
  }
}

/** robots.txt of a site (guarded, short deadline); undefined when absent or unreadable (= allowed). */
export async function fetchRobots(origin: string, o: FetchOptions): Promise<string | undefined> {
  try {
    const res = await outboundFetch({
      url: `${origin}/robots.txt`,
      allowLoopback: o.allowLoopback,
      dnsServers: o.dnsServers,
      timeoutMs: Math.min(o.timeoutMs, 5000),
      maxBodyBytes: 64 * 1024,
      maxRedirects: 2,
      headers: { 'user-agent': USER_AGENT },
    });
    return res.status === 200 ? res.body.toString('utf8') : undefined;
  } catch {
    return undefined;
  }
}

export const CRAWLER_AGENT = 'svc-site-enrichment';
