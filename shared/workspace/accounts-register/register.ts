import { randomBytes } from 'node:crypto';
import { badRequest } from '../../platform/errors.js';
import { HOUR_MS, SIGNUP_TOO_MANY } from '../../platform/limits/limits.js';
import { enforceSlidingWindow } from '../../platform/limits/rate-limiter.js';
import { ConditionFailed } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { normalizeEmail, type AccountRecord } from '../identity/account.js';
import { generateApiKey, sha256 } from '../identity/api-keys.js';
import { createAccountWithKey } from '../identity/create-account.js';
import { assertStrongPassword, hashPassword } from '../identity/passwords.js';
import { provisionTenant } from '../tenancy/provision.js';
import { emailDomain, runDomainChecks, type DomainCheckResult } from './checks.js';
import { Account } from '../identity/entities.js';
import { RegisterChecks, SignupToken, VerifyToken } from './entities.js';

/** An email verification link lives 24 h; a `signup_token` (for the questionnaire) 7 days. */
const VERIFY_TTL_MS = 24 * 3_600_000;
const SIGNUP_TOKEN_TTL_MS = 7 * 24 * 3_600_000;

export interface RegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName?: string;
  company?: string;
}

export interface RegisterResult {
  api_key: string;
  status: 'PENDING';
  email: string;
  next: string;
}

const token = () => randomBytes(24).toString('base64url');

/**
 * POST /api/auth/register: account + inert key (PENDING: works only for GET /v1/me) in one transaction
 * that claims the email, then a 24 h verification link by mail. An address that already has an account
 * gets the same 201 with a key that was never stored, and its owner is told by email.
 */
export async function register(deps: Deps, input: RegisterInput, clientAddress: string): Promise<RegisterResult> {
  await enforceSlidingWindow(deps.platform, deps.clock, 'register-ip', clientAddress, deps.config.limits.signupPerAddressPerHour, HOUR_MS, {
    statusCode: 429,
    message: SIGNUP_TOO_MANY,
  });
  assertStrongPassword(input.password);
  const email = normalizeEmail(input.email);
  const apiKey = generateApiKey();
  const result: RegisterResult = {
    api_key: apiKey,
    status: 'PENDING',
    email,
    next: 'Open the verification link we emailed you. GET /v1/me shows the status; the key works for /api/* once the account is ACTIVE.',
  };
  const account = await createAccountWithKey(
    deps,
    {
      email,
      flow: 'register',
      scope: 'pending',
      moderation_status: 'pending',
      status: 'PENDING',
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      org: input.company,
      monthlyQuota: deps.config.limits.sandboxMonthlyQuota,
    },
    apiKey,
  );
  if (!account) {
    await deps.mailer.send({
      to: email,
      subject: 'Someone tried to register with your address',
      text: 'A registration was attempted with this email address, which already has an account. Nothing changed; if it was not you, ignore this message.',
    });
    return result;
  }
  await sendVerification(deps, account.accountId, email);
  return result;
}

async function sendVerification(deps: Deps, accountId: string, email: string) {
  const t = token();
  const expiresAt = deps.clock.now() + VERIFY_TTL_MS;
  await deps.platform.put(VerifyToken.item({ tokenHash: sha256(t) }, { accountId, expiresAt, ttl: Math.ceil(expiresAt / 1000) }));
  const url = `${deps.config.publicBaseUrl}/api/auth/verify-email?token=${t}`;
  await deps.mailer.send({
    to: email,
    subject: 'Verify your email address',
    text: `Open this link to verify your address (valid for 24 hours):\n\n${url}\n\nBusiness addresses whose domain has a website and mail servers are activated at once; others are reviewed.`,
    links: { verify: url },
  });
}

export type VerifyOutcome =
  { status: 'ACTIVE'; tenantId: string; checks?: DomainCheckResult } | { status: 'PENDING'; signup_token: string; checks: DomainCheckResult };

/**
 * GET /api/auth/verify-email: a valid link marks the address verified and runs the automatic checks.
 * Passed: the tenant is provisioned and the account (and its key) becomes ACTIVE. Not passed: the
 * account stays PENDING and a signup_token (7 days) opens the questionnaire. The link may be opened
 * again until it expires (mail scanners prefetch links), re-running the checks.
 */
export async function verifyEmail(deps: Deps, rawToken: string): Promise<VerifyOutcome> {
  const link = await deps.platform.get<{ accountId: string; expiresAt: number }>(VerifyToken.key({ tokenHash: sha256(rawToken) }));
  if (!link || link.expiresAt <= deps.clock.now()) throw badRequest(['token is invalid or has expired']);
  const account = await deps.platform.get<AccountRecord>(Account.key({ accountId: link.accountId }));
  if (!account || account.flow !== 'register') throw badRequest(['token is invalid or has expired']);
  const at = new Date(deps.clock.now()).toISOString();
  if (account.status === 'ACTIVE' && account.tenantId) return { status: 'ACTIVE', tenantId: account.tenantId };
  await deps.platform.update(Account.key({ accountId: account.accountId }), { set: { emailVerifiedAt: at, updatedAt: at, lastActivityAt: at } });
  const checks = await runDomainChecks(deps, account.email);
  await saveChecks(deps, account.accountId, 'verify_email', checks);
  if (checks.passed) {
    const { tenantId } = await activateRegisteredAccount(deps, account.accountId);
    return { status: 'ACTIVE', tenantId, checks };
  }
  return { status: 'PENDING', signup_token: await issueSignupToken(deps, account.accountId), checks };
}

export async function saveChecks(deps: Deps, accountId: string, source: 'verify_email' | 'questionnaire', checks: DomainCheckResult) {
  await deps.platform.put(RegisterChecks.item({ accountId }, { accountId, source, ...checks }));
}

async function issueSignupToken(deps: Deps, accountId: string) {
  const t = token();
  const expiresAt = deps.clock.now() + SIGNUP_TOKEN_TTL_MS;
  await deps.platform.put(SignupToken.item({ tokenHash: sha256(t) }, { accountId, expiresAt, ttl: Math.ceil(expiresAt / 1000) }));
  return t;
}

/** The account behind a live signup_token, or undefined. */
export async function accountForSignupToken(deps: Deps, rawToken: string): Promise<AccountRecord | undefined> {
  if (rawToken.length > 200) return undefined;
  const item = await deps.platform.get<{ accountId: string; expiresAt: number }>(SignupToken.key({ tokenHash: sha256(rawToken) }));
  if (!item || item.expiresAt <= deps.clock.now()) return undefined;
  return deps.platform.get<AccountRecord>(Account.key({ accountId: item.accountId }));
}

/**
 * PENDING → ACTIVE for a /api/auth/register account: User, Tenant (own table, zero balance) and SUPER
 * membership; the key starts working. Also the path for manual admin approval (the admin API).
 * Idempotent.
 */
export async function activateRegisteredAccount(deps: Deps, accountId: string) {
  const account = await deps.platform.get<AccountRecord>(Account.key({ accountId }));
  if (!account) throw badRequest(['account does not exist']);
  try {
    return await provisionTenant(deps, {
      accountId,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      tenantName: account.org || emailDomain(account.email),
    });
  } catch (e) {
    // Two verify clicks at once: the other one provisioned first; answer with its tenant.
    if (!(e instanceof ConditionFailed)) throw e;
    const now = await deps.platform.get<AccountRecord>(Account.key({ accountId }));
    if (!now?.tenantId || !now.userId) throw e;
    return { tenantId: now.tenantId, userId: now.userId };
  }
}
