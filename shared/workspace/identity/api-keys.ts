import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256 } from '../../platform/security/secrets.js';

export const KEY_PREFIX = 'svc_pk_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `svc_pk_` + 32 random bytes in base62 (43 characters). */
export function generateApiKey(): string {
  let n = BigInt('0x' + randomBytes(32).toString('hex'));
  let out = '';
  while (n > 0n) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return KEY_PREFIX + out.padStart(43, '0');
}

export { sha256 };

/** Well-formed = prefix + 43 base62 characters; anything else is rejected before any look-up. */
export const isWellFormedKey = (value: string) => /^svc_pk_[0-9A-Za-z]{43}$/.test(value);

export function safeEqualHex(a: string, b: string) {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
