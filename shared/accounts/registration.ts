import { randomBytes } from 'node:crypto';
import type { Deps } from '../runtime/deps.js';
import type { AccountRecord } from '../identity/account.js';
import { sha256 } from '../identity/api-keys.js';

export const LINK_TTL_MS = 24 * 3_600_000;

const linkKey = (hash: string) => ({ pk: `REGLINK#${hash}`, sk: 'REGLINK' });

/**
 * Starts a full-account registration in `awaiting_email_confirm`: a single-use confirmation link,
 * valid 24 h, is emailed to the address.
 */
export async function beginFullAccountRegistration(deps: Deps, account: AccountRecord) {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = deps.clock.now() + LINK_TTL_MS;
  await deps.platform.put({ ...linkKey(sha256(token)), accountId: account.accountId, purpose: 'confirm_email', expiresAt, ttl: Math.ceil(expiresAt / 1000) });
  const url = `${deps.config.publicBaseUrl}/v1/signup/confirm?token=${token}`;
  await deps.mailer.send({
    to: account.email,
    subject: 'Confirm your email address',
    text: `Confirm your address to continue your registration (the link is valid for 24 hours):\n\n${url}\n`,
    links: { confirm: url },
  });
}
