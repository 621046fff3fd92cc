import type { FileStore } from '../../../platform/ports/files.js';
import { isSafeFileKey } from '../../../platform/ports/files.js';
import { OutboundBlocked, outboundFetch } from '../../../platform/security/outbound-fetch.js';

/**
 * Images of a PDF creative, made inline before Chromium sees the page (the page itself still reaches
 * nothing but data: URIs). An `<img src>` may be:
 * - `data:image/...` — kept as is;
 * - `stored-file:<key>` — a file of the tenant's own file store (files port; another tenant's key is
 *   simply not found: the store is keyed by tenant);
 * - `https://...` — fetched once through the outbound guard (no private, loopback or metadata targets,
 *   every redirect checked again), with a per-image and a per-document byte cap and a deadline.
 * Only image content types are inlined. An image that cannot be inlined keeps no source (Chromium
 * would block it anyway) and is reported in `issues` with the reason; the PDF is still printed.
 */
export interface ImageIssue {
  src: string;
  reason: 'not_found' | 'not_an_image' | 'too_large' | 'blocked' | 'fetch_failed' | 'unsupported_source' | 'too_many_images';
  detail?: string;
}
export interface ImageSources {
  tenantId: string;
  files?: FileStore;
  allowLoopback: boolean;
  dnsServers?: string[];
  maxImageBytes: number;
  maxTotalBytes: number;
  maxImages?: number;
  timeoutMs?: number;
}

const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|svg\+xml|avif|bmp)$/;
const IMG_SRC = /(<img\b[^>]*?\ssrc\s*=\s*)("([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
const STORED = 'stored-file:';
const decodeAttr = (v: string) =>
  v
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();

type Got = { uri: string; bytes: number } | { issue: Omit<ImageIssue, 'src'> };

export async function inlineImages(html: string, src: ImageSources): Promise<{ html: string; issues: ImageIssue[]; inlined: number }> {
  const wanted = new Set<string>();
  for (const m of html.matchAll(IMG_SRC)) {
    const v = decodeAttr(m[3] ?? m[4] ?? m[5] ?? '');
    if (v && !v.toLowerCase().startsWith('data:')) wanted.add(v);
  }
  const resolved = new Map<string, Got>();
  let total = 0;
  for (const v of wanted) {
    if (resolved.size >= (src.maxImages ?? 20)) {
      resolved.set(v, { issue: { reason: 'too_many_images', detail: `at most ${src.maxImages ?? 20} images are fetched per document` } });
      continue;
    }
    const got = await fetchImage(v, src, src.maxTotalBytes - total);
    if ('uri' in got) total += got.bytes;
    resolved.set(v, got);
  }
  const issues: ImageIssue[] = [...resolved].flatMap(([s, g]) => ('issue' in g ? [{ src: s.slice(0, 300), ...g.issue }] : []));
  const out = html.replace(IMG_SRC, (all, head: string, _q, a?: string, b?: string, c?: string) => {
    const v = decodeAttr(a ?? b ?? c ?? '');
    const got = resolved.get(v);
    if (!got) return all;
    return 'uri' in got ? `${head}"${got.uri}"` : `${head}""`;
  });
  return { html: out, issues, inlined: [...resolved.values()].filter((g) => 'uri' in g).length };
}

async function fetchImage(ref: string, src: ImageSources, budget: number): Promise<Got> {
  const cap = Math.min(src.maxImageBytes, Math.max(0, budget));
  const asUri = (bytes: Buffer, type: string): Got => {
    const t = type.split(';')[0].trim().toLowerCase();
    if (!IMAGE_TYPES.test(t)) return { issue: { reason: 'not_an_image', detail: t || 'no content type' } };
    if (bytes.length > cap) return { issue: { reason: 'too_large', detail: `over ${cap} bytes` } };
    return { uri: `data:${t};base64,${bytes.toString('base64')}`, bytes: bytes.length };
  };
  if (ref.startsWith(STORED)) {
    const key = ref.slice(STORED.length);
    if (!isSafeFileKey(key) || !src.files) return { issue: { reason: 'not_found' } };
    const file = await src.files.get(src.tenantId, key).catch(() => undefined);
    return file ? asUri(file.bytes, file.contentType) : { issue: { reason: 'not_found' } };
  }
  if (!/^https?:\/\//i.test(ref)) return { issue: { reason: 'unsupported_source', detail: 'use data:, stored-file:<key> or https://' } };
  try {
    const res = await outboundFetch({
      url: ref,
      requireHttps: true,
      allowLoopback: src.allowLoopback,
      dnsServers: src.dnsServers,
      timeoutMs: src.timeoutMs ?? 10_000,
      maxBodyBytes: cap + 1,
      headers: { accept: 'image/*' },
    });
    if (res.status !== 200) return { issue: { reason: 'fetch_failed', detail: `HTTP ${res.status}` } };
    if (res.truncated || res.body.length > cap) return { issue: { reason: 'too_large', detail: `over ${cap} bytes` } };
    const type = res.headers['content-type'];
    return asUri(res.body, typeof type === 'string' ? type : '');
  } catch (e) {
    if (e instanceof OutboundBlocked) return { issue: { reason: 'blocked', detail: e.reason } };
    return { issue: { reason: 'fetch_failed', detail: String((e as Error).message).slice(0, 200) } };
  }
}
