import { defineEntity } from '../../platform/data/entity.js';

/** Platform-table entities of identity: keys, accounts and what hangs off an account. */

/** An API key, found by the SHA-256 of the presented key (the key itself is never stored). */
export const ApiKey = defineEntity({
  entity: 'api_key',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'APIKEY#${keyHash}', sk: 'APIKEY' } },
});

/**
 * The account. While it is a full-account registration it also sits on two indexes (shared/workspace/accounts):
 * gsi1 lists registrations by state for the admin (no Scan), gsi2 orders pending ones by deadline for
 * the expiry sweep (`deadline` is an ISO time).
 */
export const Account = defineEntity({
  entity: 'account',
  version: 1,
  table: 'platform',
  keys: {
    primary: { pk: 'ACCOUNT#${accountId}', sk: 'ACCOUNT' },
    byRegistrationState: { index: 'gsi1', pk: 'REGISTRATIONS#${registrationState}', sk: '${createdAt}#${accountId}' },
    byRegistrationDeadline: { index: 'gsi2', pk: 'REGEXPIRY', sk: '${deadline}#${accountId}' },
  },
});

/** Uniqueness marker: one account per normalized email. */
export const AccountEmail = defineEntity({
  entity: 'account_email',
  version: 1,
  table: 'platform',
  freeText: ['email'],
  keys: { primary: { pk: 'EMAIL#${email}', sk: 'EMAIL' } },
});

/** The keys of an account (for revocation and listing), sorted by creation. */
export const AccountKeyRef = defineEntity({
  entity: 'account_key_ref',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'ACCOUNT#${accountId}', sk: 'KEYREF#${keyId}' } },
});

/** Sandbox messages sent in one month (`month` = YYYY-MM). */
export const AccountQuota = defineEntity({
  entity: 'account_quota',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'ACCOUNT#${accountId}', sk: 'QUOTA#${month}' } },
});

/** A sandbox outbound message held for moderation. */
export const AccountMessage = defineEntity({
  entity: 'account_message',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'ACCOUNT#${accountId}', sk: 'MESSAGE#${messageId}' } },
});

/** A single-use set-password link (forgotten password, or a key-first owner's first password): SHA-256 of the token only. */
export const PasswordLink = defineEntity({
  entity: 'password_link',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'PWLINK#${tokenHash}', sk: 'PWLINK' } },
});
