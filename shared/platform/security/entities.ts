import { defineEntity } from '../data/entity.js';

/** Platform-table entities of security hardening (issue 16). */

/** Failed password logins of one account, from any address (reset by a successful login). */
export const LoginFailures = defineEntity({
  entity: 'login_failures',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'LOGINFAIL#${accountId}', sk: 'LOGINFAIL' } },
});
