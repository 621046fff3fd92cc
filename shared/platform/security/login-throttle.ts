import { tooManyRequests } from '../errors.js';
import type { Deps } from '../runtime/deps.js';
import { LoginFailures } from './entities.js';

/**
 * Per-account login throttle (issue 16 fault 8), on top of the per-address limit: an attacker who
 * changes client address per request still meets the account's own counter. After FREE_FAILURES
 * wrong passwords, each further attempt must wait a delay that doubles per failure, capped at
 * MAX_DELAY_MS; an attempt inside the delay is a 429 whatever the password (so passwords cannot be
 * tried faster). It is a delay, never a lock: the owner can always log in once the (at most 15
 * minute) delay has passed, and a success resets the counter. At NOTICE_AT failures the owner gets
 * one email (again at most once a day).
 */
export const FREE_FAILURES = 10;
export const MAX_DELAY_MS = 15 * 60_000;
export const NOTICE_AT = 20;
const NOTICE_EVERY_MS = 24 * 3600_000;
const FORGET_AFTER_MS = 24 * 3600_000;

interface FailureRecord {
  failures?: number;
  lastFailureAt?: number;
  noticeAt?: number;
}

export const delayAfter = (failures: number) => (failures < FREE_FAILURES ? 0 : Math.min(MAX_DELAY_MS, 1000 * 2 ** (failures - FREE_FAILURES)));

/** Throws the 429 while the account is inside its delay. */
export async function checkAccountDelay(deps: Deps, accountId: string) {
  const r = await deps.platform.get<FailureRecord>(LoginFailures.key({ accountId }));
  if (!r?.failures || !r.lastFailureAt) return;
  const now = deps.clock.now();
  if (now - r.lastFailureAt > FORGET_AFTER_MS) return;
  const wait = r.lastFailureAt + delayAfter(r.failures) - now;
  if (wait > 0) throw tooManyRequests({ statusCode: 429, message: 'Too many login attempts. Try again later.' }, Math.ceil(wait / 1000));
}

/** Counts a wrong password; mails the owner once the count reaches NOTICE_AT. */
export async function recordFailure(deps: Deps, account: { accountId: string; email: string }) {
  const now = deps.clock.now();
  const key = LoginFailures.key({ accountId: account.accountId });
  const before = await deps.platform.get<FailureRecord>(key);
  const stale = !before?.lastFailureAt || now - before.lastFailureAt > FORGET_AFTER_MS;
  const failures = (stale ? 0 : (before?.failures ?? 0)) + 1;
  const notify = failures >= NOTICE_AT && (!before?.noticeAt || now - before.noticeAt > NOTICE_EVERY_MS);
  await deps.platform.put(
    LoginFailures.item({ accountId: account.accountId }, { failures, lastFailureAt: now, noticeAt: notify ? now : (before?.noticeAt ?? null) }),
  );
  if (notify) {
    await deps.mailer.send({
      to: account.email,
      subject: 'Repeated failed logins to your account',
      text: [
        `There were ${failures} failed password attempts on your account recently.`,
        'Logins are now slowed down for this account; your API keys and current sessions keep working.',
        'If this was not you, choose a stronger password. Nothing else is needed.',
      ].join('\n\n'),
    });
  }
}

export async function clearFailures(deps: Deps, accountId: string) {
  await deps.platform.delete(LoginFailures.key({ accountId }));
}
