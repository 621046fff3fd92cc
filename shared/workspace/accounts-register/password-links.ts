import { randomBytes } from 'node:crypto';
import { gone, notFoundMessage, tooManyRequests } from '../../platform/errors.js';
import { slidingWindow } from '../../platform/limits/rate-limiter.js';
import { ConditionFailed } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { passwordLinkMessage } from '../accounts/mail.js';
import { clearFailures } from '../../platform/security/login-throttle.js';
import { normalizeEmail, type AccountRecord } from '../identity/account.js';
import { sha256 } from '../identity/api-keys.js';
import { Account, AccountEmail, PasswordLink } from '../identity/entities.js';
import { assertStrongPassword, hashPassword } from '../identity/passwords.js';
import { createSession, SESSION_TTL_MS, sessionCookie } from '../identity/sessions.js';

/**
 * Set-password links: the forgotten-password flow for everyone, and the way in for the human owner of
 * a workspace an agent created key-first (POST /v1/signup), who has no password yet. A link goes only
 * to the account's own address, works once, for PASSWORD_LINK_TTL_MS; the request answers the same
 * whether or not the address has an account (no enumeration), and is throttled like login.
 */
export const PASSWORD_LINK_TTL_MS = 3_600_000;
export const RESET_ATTEMPTS = 10;
export const RESET_WINDOW_MS = 15 * 60_000;
/** Mails per account per hour, whoever asks: a link request cannot be used to flood a mailbox. */
export const LINKS_PER_HOUR = 5;

export const PASSWORD_LINK_SENT = 'If an account uses this address, a link to set its password is on its way. The link works once, for 1 hour.';

const LINK_INVALID = () => notFoundMessage('This link is not valid. Check that you copied the whole address.', { code: 'link_invalid' });
const LINK_USED = () => gone('This link was already used. Each link works once: ask for a new one on the sign-in page.', { code: 'link_used' });
const LINK_EXPIRED = () => gone('This link has expired: links are valid for 1 hour. Ask for a new one on the sign-in page.', { code: 'link_expired' });
const throttled = () => tooManyRequests({ statusCode: 429, message: 'Too many password link requests. Try again later.' });

async function sendLink(deps: Deps, account: AccountRecord) {
  const perAccount = await slidingWindow(deps.platform, deps.clock, 'pwlink-account', account.accountId, LINKS_PER_HOUR, 3_600_000);
  if (!perAccount.allowed) return false;
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const expiresAt = now + PASSWORD_LINK_TTL_MS;
  await deps.platform.put(
    PasswordLink.item(
      { tokenHash: sha256(token) },
      { accountId: account.accountId, expiresAt, createdAt: new Date(now).toISOString(), ttl: Math.ceil(expiresAt / 1000) + 86_400 },
    ),
  );
  const url = `${deps.config.publicBaseUrl}/app/set-password?token=${token}`;
  await deps.mailer.send(passwordLinkMessage(account.email, url, Boolean(account.passwordHash)));
  return true;
}

/** POST /api/auth/password-reset: anyone may ask; only the address's owner receives the link. */
export async function requestPasswordLink(deps: Deps, emailInput: string, clientAddress: string) {
  const email = normalizeEmail(emailInput);
  const d = await slidingWindow(deps.platform, deps.clock, 'pwreset', `${clientAddress}|${email}`, RESET_ATTEMPTS, RESET_WINDOW_MS);
  if (!d.allowed) throw tooManyRequests({ statusCode: 429, message: 'Too many password link requests. Try again later.' }, d.retryAfterSeconds);
  const marker = await deps.platform.get<{ accountId: string }>(AccountEmail.key({ email }));
  const account = marker ? await deps.platform.get<AccountRecord>(Account.key({ accountId: marker.accountId })) : undefined;
  if (account) await sendLink(deps, account);
  return { message: PASSWORD_LINK_SENT };
}

/** POST /v1/me/password-link: the key holder (an agent) asks for a link for its account's human owner. */
export async function requestOwnerPasswordLink(deps: Deps, accountId: string) {
  const account = await deps.platform.get<AccountRecord>(Account.key({ accountId }));
  if (!account) return { message: PASSWORD_LINK_SENT, sentTo: null };
  if (!(await sendLink(deps, account))) throw throttled();
  const [local, domain] = account.email.split('@');
  return { message: PASSWORD_LINK_SENT, sentTo: `${local.slice(0, 1)}…@${domain}` };
}

/** POST /api/auth/password-reset/confirm: spends the link, sets the password, and signs the person in. */
export async function setPasswordWithLink(deps: Deps, token: string, password: string) {
  assertStrongPassword(password);
  const link = await deps.platform.get<{ pk: string; sk: string; accountId: string; expiresAt: number; usedAt?: string }>(
    PasswordLink.key({ tokenHash: sha256(token) }),
  );
  if (!link) throw LINK_INVALID();
  if (link.usedAt) throw LINK_USED();
  const now = deps.clock.now();
  if (link.expiresAt <= now) throw LINK_EXPIRED();
  const account = await deps.platform.get<AccountRecord>(Account.key({ accountId: link.accountId }));
  if (!account) throw LINK_INVALID();
  const at = new Date(now).toISOString();
  const passwordHash = await hashPassword(password);
  try {
    await deps.platform.transact([
      { update: { pk: link.pk, sk: link.sk }, spec: { set: { usedAt: at }, condition: { expression: 'attribute_not_exists(usedAt)' } } },
      { update: Account.key({ accountId: account.accountId }), spec: { set: { passwordHash, updatedAt: at, passwordSetAt: at } } },
    ]);
  } catch (e) {
    if (e instanceof ConditionFailed) throw LINK_USED();
    throw e;
  }
  await clearFailures(deps, account.accountId);
  const session = await createSession(deps, account.accountId);
  return {
    body: { accountId: account.accountId, email: account.email, expiresAt: new Date(session.expiresAt).toISOString() },
    cookie: sessionCookie(deps, session.token, Math.floor(SESSION_TTL_MS / 1000)),
  };
}
