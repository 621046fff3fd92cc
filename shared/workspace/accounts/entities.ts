import { defineEntity } from '../../platform/data/entity.js';

/**
 * Platform-table entities of the full-account registration. The account item itself is
 * `Account` (shared/workspace/identity/entities.ts), which carries the registration indexes.
 */

/** A single-use confirm / terms link, by the SHA-256 of its token. */
export const RegistrationLink = defineEntity({
  entity: 'registration_link',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'REGLINK#${tokenHash}', sk: 'REGLINK' } },
});
