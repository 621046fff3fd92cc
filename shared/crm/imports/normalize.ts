import { domainToASCII } from 'node:url';

/**
 * Import dedupe key of a domain: scheme, credentials, `www.`, path, query, port and case removed,
 * IDN to punycode (`пример.рф` → `xn--e1afmkfd.xn--p1ai`). Undefined when no valid host remains.
 */
export function normalizeImportDomain(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  let v = raw.trim().toLowerCase();
  if (!v) return undefined;
  v = v.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/^\/\//, '');
  v = v.replace(/[/?#\\].*$/, '');
  v = v.replace(/^.*@/, '');
  v = v.replace(/:\d*$/, '');
  v = v.replace(/\.$/, '');
  const ascii = domainToASCII(v);
  if (!ascii) return undefined;
  const host = ascii.replace(/^www\./, '');
  return /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/.test(host) ? host : undefined;
}

const W10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const W12A = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const W12B = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const control = (digits: number[], weights: number[]) => (weights.reduce((s, w, i) => s + w * digits[i], 0) % 11) % 10;

/**
 * Russian INN: 10 digits (organisations, one control digit) or 12 digits (individuals, two).
 * Spaces and dashes are ignored. Returns the digits when the control digits match, else undefined.
 */
export function validInn(raw: unknown): string | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const v = String(raw).replace(/[\s-]/g, '');
  if (!/^\d{10}$|^\d{12}$/.test(v)) return undefined;
  const d = [...v].map(Number);
  if (d.length === 10) return control(d, W10) === d[9] ? v : undefined;
  return control(d, W12A) === d[10] && control(d, W12B) === d[11] ? v : undefined;
}
