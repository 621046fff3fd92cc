import { parse } from 'tldts';
import { log } from '../../../platform/runtime/logger.js';
import { ok, unavailable, type StepOutcome } from './outcome.js';

interface RdapEvent {
  eventAction?: string;
  eventDate?: string;
}
interface RdapEntity {
  roles?: string[];
  vcardArray?: [string, [string, unknown, string, unknown][]];
}

const DAY = 86_400_000;
const dateOf = (events: RdapEvent[], action: string) => {
  const t = Date.parse(events.find((e) => e.eventAction === action)?.eventDate ?? '');
  return Number.isNaN(t) ? undefined : t;
};

/**
 * DOMAIN_AGE: asks RDAP (RFC 9082/9083) `GET {RDAP_BASE_URL}/domain/<registrable domain>` and reads the
 * `registration` and `expiration` events and the registrar entity. The base URL is operator
 * configuration (e.g. https://rdap.org, which redirects to the registry's server), so it is fetched
 * directly with a timeout, not through the user-address guard. Writes only stepResults.
 * RDAP 404 is a fact (`registered: false`); no base URL, a network error or another status: UNAVAILABLE.
 */
export async function domainAge(rdapBaseUrl: string | undefined, host: string, now: number): Promise<StepOutcome> {
  if (!rdapBaseUrl) return unavailable('rdap_not_configured');
  const domain = parse(host).domain ?? host;
  let res: Response;
  try {
    res = await fetch(`${rdapBaseUrl}/domain/${encodeURIComponent(domain)}`, {
      headers: { accept: 'application/rdap+json, application/json' },
      signal: AbortSignal.timeout(8000),
    });
  } catch (e) {
    log.warn('rdap lookup failed', { message: (e as Error).message });
    return unavailable('rdap_unavailable', { domain });
  }
  if (res.status === 404) return ok({ domain, registered: false });
  if (!res.ok) return unavailable('rdap_unavailable', { domain, httpStatus: res.status });
  const body = (await res.json().catch(() => undefined)) as { events?: RdapEvent[]; entities?: RdapEntity[] } | undefined;
  const events = Array.isArray(body?.events) ? body.events : [];
  const registered = dateOf(events, 'registration');
  if (registered === undefined) return unavailable('rdap_no_registration_date', { domain });
  const expires = dateOf(events, 'expiration');
  const registrar = (body?.entities ?? []).find((e) => e.roles?.includes('registrar'));
  const fn = registrar?.vcardArray?.[1]?.find((p) => p[0] === 'fn')?.[3];
  const ageDays = Math.max(0, Math.floor((now - registered) / DAY));
  return ok({
    domain,
    registered: true,
    registeredAt: new Date(registered).toISOString(),
    expiresAt: expires === undefined ? null : new Date(expires).toISOString(),
    ageDays,
    ageYears: Math.round((ageDays / 365.25) * 10) / 10,
    registrar: typeof fn === 'string' ? fn : null,
  });
}
