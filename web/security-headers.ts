/**
 * The response headers of the web app's files, wherever they are served (the local runtime's /app
 * route; the CloudFront response-headers policy mirrors them). The CSP admits no inline script: the
 * build emits only hashed files loaded from the app's own origin.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  // Documents the app shows in a sandboxed frame (a creative's preview, a message's HTML version) come
  // from the service's own URLs, under their own policy (shared/platform/http/framed-document.ts).
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const APP_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': APP_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
});

/** index.html is revalidated on every load (it names the current hashed files); hashed files never change. */
export const CACHE_HTML = 'no-cache';
export const CACHE_HASHED = 'public, max-age=31536000, immutable';
export const CACHE_OTHER = 'public, max-age=300';

/** Where the app lives under the service's origin. */
export const APP_BASE = '/app';
