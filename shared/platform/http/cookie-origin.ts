import { forbidden } from '../errors.js';
import type { RequestInfo } from '../runtime/context.js';
import type { Config } from '../runtime/config.js';

/** The browser session's cookie: identity sets it (shared/workspace/identity/sessions.ts), the request pipeline checks where it comes from. */
export const SESSION_COOKIE = 'svc_session';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Sec-Fetch-Site values that mean "sent by a page of another origin". */
const FOREIGN_FETCH_SITES = new Set(['cross-site', 'same-site']);

export const CROSS_ORIGIN_REFUSED = 'cross_origin_refused';

/**
 * A browser attaches the session cookie to any request for this host, whichever page sent it; SameSite=Lax
 * stops other sites' POSTs but not those of another origin of the same site (a sibling subdomain, another
 * port of 127.0.0.1). So an unsafe request whose credential is the cookie must come from the service's own
 * origin: its `Origin` (or, when a browser sends none, its `Sec-Fetch-Site`) says where. A request with
 * Authorization (keys, the admin token) is unaffected: no page can make a browser add that header
 * cross-origin. Clients without either header (curl, SDKs) are not browsers and pass.
 */
export function refuseForeignCookieWrite(config: Pick<Config, 'publicBaseUrl' | 'mode'>, request: RequestInfo) {
  if (!UNSAFE.has(request.method.toUpperCase())) return;
  if (request.headers.authorization !== undefined || !request.cookies[SESSION_COOKIE]) return;
  const origin = request.headers.origin;
  const own = origin !== undefined ? ownOrigins(config, request).has(origin) : !FOREIGN_FETCH_SITES.has(request.headers['sec-fetch-site'] ?? '');
  if (!own)
    throw forbidden("Cross-origin request refused: a request signed in with the session cookie must come from the service's own pages", {
      code: CROSS_ORIGIN_REFUSED,
    });
}

/** The public address's origin, and the origin the request was addressed to (its Host). */
function ownOrigins(config: Pick<Config, 'publicBaseUrl' | 'mode'>, request: RequestInfo) {
  const origins = new Set<string>();
  try {
    origins.add(new URL(config.publicBaseUrl).origin);
  } catch {
    // An unparsable PUBLIC_BASE_URL adds nothing; the Host rule below still applies.
  }
  const host = request.headers.host;
  if (host) origins.add(`${config.mode === 'aws' ? 'https' : 'http'}://${host.toLowerCase()}`);
  return origins;
}
