import { tooManyRequests, unauthorized } from '../../platform/errors.js';
import { slidingWindow } from '../../platform/limits/rate-limiter.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { normalizeEmail, type AccountRecord } from '../identity/account.js';
import { hashPassword, verifyPassword } from '../identity/passwords.js';
import { createSession, destroySession, SESSION_COOKIE, SESSION_TTL_MS, sessionCookie } from '../identity/sessions.js';
import { Account, AccountEmail } from '../identity/entities.js';
import { checkAccountDelay, clearFailures, recordFailure } from '../../platform/security/login-throttle.js';

/** Attempts per client address and email within the window; then 429 whatever the password. */
export const LOGIN_ATTEMPTS = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;

let dummyHash: Promise<string> | undefined;

export interface LoginProfile {
  accountId: string;
  userId: string | null;
  email: string;
  firstName: string | null;
  lastName: string | null;
  status: AccountRecord['status'];
  tenantId: string | null;
  expiresAt: string;
}

/**
 * POST /api/auth/login: email + password (scrypt) → a session (cookie `svc_session`, HttpOnly,
 * SameSite=Lax, Secure when deployed). Every failure is the one 401 body; an unknown email costs the
 * same scrypt as a wrong password. A PENDING account may log in (the UI shows its state) but its
 * session reaches nothing but GET /v1/me, like its key.
 */
export async function login(deps: Deps, input: { email: string; password: string }, clientAddress: string) {
  const email = normalizeEmail(input.email);
  const d = await slidingWindow(deps.platform, deps.clock, 'login', `${clientAddress}|${email}`, LOGIN_ATTEMPTS, LOGIN_WINDOW_MS);
  if (!d.allowed) throw tooManyRequests({ statusCode: 429, message: 'Too many login attempts. Try again later.' }, d.retryAfterSeconds);
  const marker = await deps.platform.get<{ accountId: string }>(AccountEmail.key({ email }));
  const account = marker ? await deps.platform.get<AccountRecord>(Account.key({ accountId: marker.accountId })) : undefined;
  // Per account, whatever the client address (issue 16): growing delays after repeated failures.
  if (account?.passwordHash) await checkAccountDelay(deps, account.accountId);
  const stored = account?.passwordHash ?? (await (dummyHash ??= hashPassword('not-a-real-password-0000')));
  const ok = await verifyPassword(input.password, stored);
  if (!ok && account?.passwordHash) await recordFailure(deps, account);
  if (!ok || !account?.passwordHash) throw unauthorized();
  await clearFailures(deps, account.accountId);
  const session = await createSession(deps, account.accountId);
  const at = new Date(deps.clock.now()).toISOString();
  await deps.platform.update(Account.key({ accountId: account.accountId }), { set: { lastLoginAt: at, lastActivityAt: at } });
  const profile: LoginProfile = {
    accountId: account.accountId,
    userId: account.userId ?? null,
    email: account.email,
    firstName: account.firstName ?? null,
    lastName: account.lastName ?? null,
    status: account.status,
    tenantId: account.tenantId ?? null,
    expiresAt: new Date(session.expiresAt).toISOString(),
  };
  return { profile, cookie: sessionCookie(deps, session.token, Math.floor(SESSION_TTL_MS / 1000)) };
}

/** POST /api/auth/logout: drops the session (if any) and clears the cookie. Always succeeds. */
export async function logout(deps: Deps, cookies: Record<string, string>) {
  const token = cookies[SESSION_COOKIE];
  if (token && token.length <= 200) await destroySession(deps, token);
  return { cookie: sessionCookie(deps, '', 0) };
}
