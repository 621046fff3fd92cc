/** Normalisation of channel values, so one address or number has one marker per tenant. */

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Lower-case, trimmed email; undefined when it is not an address. */
export function normalizeEmail(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const v = raw.trim().toLowerCase();
  return v.length <= 254 && EMAIL_RE.test(v) ? v : undefined;
}

/**
 * E.164-ish: digits only with a leading `+`. A leading `00` becomes `+`; an 11-digit Russian
 * trunk `8XXXXXXXXXX` becomes `+7XXXXXXXXXX`. 7 to 15 digits, else undefined.
 */
export function normalizePhone(raw: unknown): string | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  let s = String(raw).trim();
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  let digits = s.replace(/\D/g, '');
  if (!s.startsWith('+') && digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`;
  return digits.length >= 7 && digits.length <= 15 ? `+${digits}` : undefined;
}

export const normalizeChannel = (type: 'email' | 'phone', raw: unknown) => (type === 'email' ? normalizeEmail(raw) : normalizePhone(raw));
