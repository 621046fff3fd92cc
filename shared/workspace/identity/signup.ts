import { HOUR_MS, SIGNUP_TOO_MANY } from '../../platform/limits/limits.js';
import { enforceSlidingWindow } from '../../platform/limits/rate-limiter.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { beginFullAccountRegistration } from '../accounts/registration.js';
import { normalizeEmail } from './account.js';
import { generateApiKey } from './api-keys.js';
import { createAccountWithKey } from './create-account.js';
import { assertStrongPassword, hashPassword } from './passwords.js';

export interface SignupInput {
  email: string;
  org?: string;
  use_case?: string;
  channel?: 'form' | 'a2a' | 'mcp';
  full_account: boolean;
  password?: string;
  firstName?: string;
  lastName?: string;
}

export interface SignupResult {
  api_key: string;
  flow: 'sandbox' | 'full_account';
  scope: 'sandbox' | 'pending';
  next: string;
}

/**
 * POST /v1/signup after the DTO passed (so the email format is valid): rate limits, password policy,
 * then one transaction that claims the email and stores account + key hash. A registered email gets
 * the same 201 with a key that was never stored, and the real owner is told by email.
 */
export async function signup(deps: Deps, input: SignupInput, clientAddress: string): Promise<SignupResult> {
  await enforceSignupLimits(deps, clientAddress);
  if (input.full_account) assertStrongPassword(input.password!);

  const email = normalizeEmail(input.email);
  const apiKey = generateApiKey();
  const flow = input.full_account ? 'full_account' : 'sandbox';
  const result: SignupResult = {
    api_key: apiKey,
    flow,
    scope: input.full_account ? 'pending' : 'sandbox',
    next: input.full_account
      ? 'Open the confirmation link we emailed you, then accept the terms; GET /v1/me shows the state.'
      : 'GET /v1/me shows your quota; POST /v1/messages queues a message for moderation.',
  };

  const account = await createAccountWithKey(
    deps,
    {
      email,
      flow,
      scope: input.full_account ? 'pending' : 'sandbox',
      moderation_status: 'pending',
      status: input.full_account ? 'PENDING' : 'ACTIVE',
      ...(input.full_account ? { registrationState: 'awaiting_email_confirm' as const, passwordHash: await hashPassword(input.password!) } : {}),
      org: input.org,
      use_case: input.use_case,
      channel: input.channel,
      firstName: input.firstName,
      lastName: input.lastName,
      monthlyQuota: deps.config.limits.sandboxMonthlyQuota,
    },
    apiKey,
  );
  if (!account) {
    await notifyExistingOwner(deps, email);
    return result;
  }
  if (input.full_account) await beginFullAccountRegistration(deps, account);
  return result;
}

async function enforceSignupLimits(deps: Deps, address: string) {
  const l = deps.config.limits;
  await enforceSlidingWindow(deps.platform, deps.clock, 'signup-ip', address, l.signupPerAddressPerHour, HOUR_MS, {
    statusCode: 429,
    message: SIGNUP_TOO_MANY,
  });
  await enforceSlidingWindow(deps.platform, deps.clock, 'signup-global', 'all', l.signupGlobalPerHour, HOUR_MS, {
    error: 'rate_limited',
    message: SIGNUP_TOO_MANY,
  });
}

async function notifyExistingOwner(deps: Deps, email: string) {
  await deps.mailer.send({
    to: email,
    subject: 'Someone tried to sign up with your address',
    text: [
      'A new signup was attempted with this email address, which already has an account.',
      'No new key was issued and nothing changed on your account.',
      'If this was you, keep using your existing API key. If it was not, you can ignore this message.',
    ].join('\n\n'),
  });
}
