import { randomBytes } from 'node:crypto';
import type { Deps } from '../../platform/runtime/deps.js';
import type { Principal } from '../../platform/runtime/principal.js';
import { sha256 } from './api-keys.js';
import type { AccountRecord } from './account.js';
import { principalFor } from './authenticate.js';
import { Account } from './entities.js';
import { SESSION_COOKIE } from '../../platform/http/cookie-origin.js';

/** Browser sessions: an opaque cookie whose SHA-256 is stored, like API keys. */
export { SESSION_COOKIE };
export const SESSION_TTL_MS = 12 * 3_600_000;

const sessionKey = (hash: string) => ({ pk: `SESSION#${hash}`, sk: 'SESSION' });

export async function createSession(deps: Deps, accountId: string): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = deps.clock.now() + SESSION_TTL_MS;
  await deps.platform.put({ ...sessionKey(sha256(token)), accountId, expiresAt, ttl: Math.ceil(expiresAt / 1000) });
  return { token, expiresAt };
}

export async function resolveSession(deps: Deps, token: string): Promise<Principal | undefined> {
  if (token.length > 200) return undefined;
  const session = await deps.platform.get<{ accountId: string; expiresAt: number }>(sessionKey(sha256(token)));
  if (!session || session.expiresAt <= deps.clock.now()) return undefined;
  const account = await deps.platform.get<AccountRecord>(Account.key({ accountId: session.accountId }));
  // A session carries the full permission set of its user; the role still limits tenant actions.
  return account ? principalFor(account, 'session', ['*']) : undefined;
}

export async function destroySession(deps: Deps, token: string) {
  await deps.platform.delete(sessionKey(sha256(token)));
}

/** Set-Cookie value: HttpOnly, SameSite=Lax, Secure when deployed. */
export function sessionCookie(deps: Deps, token: string, maxAgeSeconds: number) {
  const secure = deps.config.mode === 'aws' ? '; Secure' : '';
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}
