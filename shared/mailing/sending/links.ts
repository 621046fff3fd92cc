import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Deps } from '../../platform/runtime/deps.js';

/**
 * Signed links in sent emails: one-click unsubscribe, open pixel and click redirect. A token is
 * `base64url(JSON payload).base64url(HMAC-SHA256)` under a key derived from SECRETS_KEY, so a link
 * cannot be forged or edited (a click token carries its target URL: no open redirect).
 */
export type LinkPayload =
  { k: 'u'; t: string; a: string; c: string; e: string } | { k: 'o'; t: string; a: string; c: string } | { k: 'c'; t: string; a: string; c: string; u: string };

const keyOf = (deps: Deps) => createHmac('sha256', deps.config.secretsKey).update('svc-mail-links-v1').digest();

export function signLink(deps: Deps, payload: LinkPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', keyOf(deps)).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** The payload of a valid token of kind `kind`, else undefined (never throws on hostile input). */
export function verifyLink<K extends LinkPayload['k']>(deps: Deps, token: string, kind: K): Extract<LinkPayload, { k: K }> | undefined {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined || token.length > 4096) return undefined;
  // Compare the canonical text form: base64 decoding is lenient (unused low bits of the last
  // character are ignored), so comparing decoded bytes would accept several spellings of one MAC.
  const want = Buffer.from(createHmac('sha256', keyOf(deps)).update(body).digest('base64url'));
  const got = Buffer.from(mac);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return undefined;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkPayload;
    if (p?.k !== kind || typeof p.t !== 'string' || typeof p.a !== 'string' || typeof p.c !== 'string') return undefined;
    return p as Extract<LinkPayload, { k: K }>;
  } catch {
    return undefined;
  }
}

/** Link paths (public operations in functions/mailing). */
export const LINK_PATHS = { unsubscribe: '/u/', open: '/t/o/', click: '/t/c/' } as const;

/**
 * The host of tracking and unsubscribe links: the workspace's ACTIVE tracking domain when one is
 * set (https), else the service's own public base URL.
 */
export function linkBase(deps: Deps, trackingDomain?: string | null) {
  return trackingDomain ? `https://${trackingDomain}` : deps.config.publicBaseUrl;
}
