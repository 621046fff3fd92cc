import { domainToASCII } from 'node:url';

export type SyntaxResult = { ok: true; email: string; local: string; domain: string } | { ok: false; reason: string };

const ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * RFC 5321 mailbox syntax as senders meet it: dot-atom local part (no quoted strings, no comments,
 * at most 64 octets), a domain of LDH labels with an alphabetic TLD (IDN converted to punycode),
 * at most 254 octets overall. The address is returned lower-cased, as the CRM stores addresses.
 */
export function checkSyntax(raw: string): SyntaxResult {
  const v = raw.trim();
  if (!v || v.length > 254) return { ok: false, reason: 'length' };
  const at = v.lastIndexOf('@');
  if (at <= 0 || at === v.length - 1) return { ok: false, reason: 'missing_at_or_part' };
  const local = v.slice(0, at);
  const rawDomain = v.slice(at + 1);
  if (local.length > 64) return { ok: false, reason: 'local_too_long' };
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..') || !local.split('.').every((p) => ATOM.test(p)))
    return { ok: false, reason: 'local_part' };
  if (rawDomain.startsWith('[')) return { ok: false, reason: 'address_literal' };
  // Control characters and spaces first: the URL domain parser would silently drop tabs and newlines.
  if (/[\s\x00-\x1f\x7f]/.test(rawDomain)) return { ok: false, reason: 'domain' };
  const domain = domainToASCII(rawDomain.toLowerCase().replace(/\.$/, ''));
  if (!domain || domain.length > 253) return { ok: false, reason: 'domain' };
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(labels[labels.length - 1]))
    return { ok: false, reason: 'domain' };
  const email = `${local.toLowerCase()}@${domain}`;
  if (email.length > 254) return { ok: false, reason: 'length' };
  return { ok: true, email, local: local.toLowerCase(), domain };
}
