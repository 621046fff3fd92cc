import { serviceUnavailable } from '../../platform/errors.js';
import { log } from '../../platform/runtime/logger.js';

/**
 * Company search by name in a registry data provider: DaData "suggest party" (Russian companies and
 * sole proprietors by name, INN or OGRN). `POST {REGISTRY_BASE_URL}/suggest/party` with
 * `Authorization: Token {REGISTRY_API_KEY}` and `{query, count}`; the answer
 * `{suggestions:[{value, data:{inn, ogrn, address:{value}, state:{status}}}]}` becomes
 * `{data:[{name, inn, ogrn, address, status}]}`. The base URL is operator configuration (not a user
 * address), so it is fetched directly, with a timeout. Without a key the lookup answers 503. The
 * default base URL (DaData's) is in shared/platform/runtime/config.ts.
 */

export interface RegistrySettings {
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
}

export interface RegistryCompany {
  name: string;
  inn: string | null;
  ogrn: string | null;
  address: string | null;
  /** DaData state.status: ACTIVE, LIQUIDATING, LIQUIDATED, BANKRUPT, REORGANIZING. */
  status: string | null;
}

interface DadataSuggestion {
  value?: string;
  data?: { inn?: string | null; ogrn?: string | null; address?: { value?: string | null } | null; state?: { status?: string | null } | null };
}

export async function searchCompaniesByName(settings: RegistrySettings, q: string, count = 10): Promise<{ data: RegistryCompany[] }> {
  if (!settings.apiKey) throw serviceUnavailable('Company registry lookup is not configured (set REGISTRY_API_KEY)');
  let res: Response;
  try {
    res = await fetch(`${settings.baseUrl}/suggest/party`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Token ${settings.apiKey}` },
      body: JSON.stringify({ query: q, count }),
      signal: AbortSignal.timeout(settings.timeoutMs ?? 8000),
      redirect: 'error',
    });
  } catch (e) {
    log.warn('registry lookup failed', { message: (e as Error).message });
    throw serviceUnavailable('Company registry is unavailable; try again later');
  }
  if (!res.ok) {
    log.warn('registry lookup refused', { status: res.status });
    throw serviceUnavailable(
      res.status === 401 || res.status === 403 ? 'Company registry rejected the configured key' : 'Company registry is unavailable; try again later',
    );
  }
  const body = (await res.json().catch(() => ({}))) as { suggestions?: DadataSuggestion[] };
  const data = (body.suggestions ?? []).slice(0, count).map((s) => ({
    name: s.value ?? '',
    inn: s.data?.inn ?? null,
    ogrn: s.data?.ogrn ?? null,
    address: s.data?.address?.value ?? null,
    status: s.data?.state?.status ?? null,
  }));
  return { data };
}
