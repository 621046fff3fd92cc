import { createHash } from 'node:crypto';
import { normalizeEmail } from '../contacts/normalize.js';

export { normalizeEmail };

const DOMAIN_RE = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** Bare lower-case domain (`https://www.Acme.com/x` → `acme.com`, `@acme.com` → `acme.com`), or undefined. */
export function normalizeDomain(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const v = raw
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^@/, '')
    .replace(/^www\./, '')
    .replace(/[/?#:].*$/, '')
    .replace(/\.$/, '');
  return DOMAIN_RE.test(v) ? v : undefined;
}

export const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** Suppression hash of an address (SHA-256 of the normalised address). */
export const emailHash = (email: string) => sha256Hex(email.trim().toLowerCase());
/** Suppression hash of a domain (`@` prefix: never equal to an address hash). */
export const domainHash = (domain: string) => sha256Hex(`@${domain}`);

/** The domain and its parents down to the registrable-looking last two labels: a.b.acme.com → [a.b.acme.com, b.acme.com, acme.com]. */
export function domainAndParents(domain: string): string[] {
  const labels = domain.split('.');
  const out: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) out.push(labels.slice(i).join('.'));
  return out;
}

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** `j***@acme.com`: enough to recognise a request, not to re-identify the address. */
export const maskEmail = (email: string) => `${email[0]}***@${domainOf(email)}`;
