import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { badRequestMessage } from '../../platform/errors.js';

const scrypt = promisify(scryptCb) as (p: string, s: Buffer, len: number, o: object) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** `scrypt$N$r$p$salt$hash`, all base64url; parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, N, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, { N: +N, r: +r, p: +p, maxmem: PARAMS.maxmem });
  return timingSafeEqual(actual, expected);
}

/** The 30 most common passwords of 8+ characters (shorter ones already fail the DTO rule). */
export const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  'password1234',
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  'qwertyuiop',
  'qwerty123',
  'qwerty1234',
  '1q2w3e4r5t',
  '1qaz2wsx3edc',
  'zaq12wsx',
  '11111111',
  '00000000',
  'iloveyou',
  'iloveyou1',
  'sunshine1',
  'princess1',
  'football1',
  'baseball1',
  'welcome1',
  'welcome123',
  'admin123',
  'administrator',
  'letmein123',
  'passw0rd',
  'changeme123',
]);

export const PASSWORD_TOO_COMMON = 'Password is too common. Please choose a stronger one.';
export const PASSWORD_TOO_SHORT = 'Password must be at least 10 characters long.';

/** The service-layer rule after the DTO layer (min 8, max 200): not common, at least 10 characters. */
export function assertStrongPassword(password: string) {
  if (COMMON_PASSWORDS.has(password.toLowerCase())) throw badRequestMessage(PASSWORD_TOO_COMMON);
  if (password.length < 10) throw badRequestMessage(PASSWORD_TOO_SHORT);
}
