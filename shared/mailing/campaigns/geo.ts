import type { GeoPolicy } from './entities.js';

/**
 * The spec's geo policy per recipient country: US cold email allowed; the GDPR zone allowed on
 * legitimate interest with the contact source disclosed in the footer; DE/AT opt-in only (skipped);
 * RU prior consent (manual confirm, skipped until confirmed). Country: the contact's, else its
 * company's, else the address's ccTLD. Other known countries are allowed; none found is `unknown`.
 */
const GDPR = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
  'GB',
  'CH',
]);

const NAMES: Record<string, string> = {
  usa: 'US',
  'united states': 'US',
  'united states of america': 'US',
  america: 'US',
  germany: 'DE',
  deutschland: 'DE',
  austria: 'AT',
  österreich: 'AT',
  russia: 'RU',
  'russian federation': 'RU',
  россия: 'RU',
  france: 'FR',
  spain: 'ES',
  italy: 'IT',
  netherlands: 'NL',
  poland: 'PL',
  sweden: 'SE',
  'united kingdom': 'GB',
  uk: 'GB',
  'great britain': 'GB',
  ireland: 'IE',
  belgium: 'BE',
  portugal: 'PT',
  denmark: 'DK',
  finland: 'FI',
  norway: 'NO',
  switzerland: 'CH',
  czechia: 'CZ',
  'czech republic': 'CZ',
  canada: 'CA',
  australia: 'AU',
  india: 'IN',
  china: 'CN',
  japan: 'JP',
  brazil: 'BR',
  mexico: 'MX',
  israel: 'IL',
  ukraine: 'UA',
  kazakhstan: 'KZ',
};

/** ccTLDs that are not the country code (uk) and generic ones that say nothing. */
const TLD_ALIASES: Record<string, string> = { uk: 'GB' };

/** ISO 3166-1 alpha-2 of a free-text country (code or English/native name); null when unknown. */
export function countryCode(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const v = raw.trim();
  if (!v) return null;
  if (/^[A-Za-z]{2}$/.test(v)) return v.toUpperCase() === 'UK' ? 'GB' : v.toUpperCase();
  return NAMES[v.toLowerCase()] ?? null;
}

export function countryFromEmail(email: string): string | null {
  const tld = email.split('@')[1]?.split('.').pop()?.toLowerCase();
  if (!tld || tld.length !== 2) return null;
  return TLD_ALIASES[tld] ?? tld.toUpperCase();
}

export function geoPolicyOf(country: string | null): GeoPolicy {
  if (!country) return 'unknown';
  if (country === 'DE' || country === 'AT') return 'opt_in_only';
  if (country === 'RU') return 'manual_confirm';
  if (GDPR.has(country)) return 'gdpr_disclosed';
  return 'allowed';
}

/** The screen's skip reason for a policy (undefined: may be mailed). */
export const GEO_SKIP_REASONS: Partial<Record<GeoPolicy, string>> = { opt_in_only: 'geo_opt_in_only', manual_confirm: 'geo_manual_confirm' };

/** The footer disclosure a GDPR-zone recipient's email carries (legitimate interest: where the address came from). */
export function sourceDisclosure(source: { kind?: string; sourceUrl?: string } | undefined): string {
  const where = source?.sourceUrl ? `${source.kind ?? 'public source'} (${source.sourceUrl})` : (source?.kind ?? 'a business directory');
  return `<p style="font-size:11px;color:#777">Why you receive this: we contact you on the basis of legitimate interest in a B2B offer; your business address was obtained from ${escapeHtml(where)}. You can opt out at any time with the unsubscribe link below.</p>`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
