import { unauthorized } from '../../platform/errors.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { Principal } from '../../platform/runtime/principal.js';
import type { RequestInfo } from '../../platform/runtime/context.js';
import { isWellFormedKey, safeEqualHex, sha256 } from './api-keys.js';
import type { AccountRecord, ApiKeyRecord } from './account.js';
import { SESSION_COOKIE, resolveSession } from './sessions.js';
import { Account, ApiKey } from './entities.js';
import { touchKeyUse } from './key-management.js';
import { recallVerifiedKey, rememberVerifiedKey, verifyOnce } from './key-cache.js';

/**
 * Resolves the caller from `Authorization: Bearer`, the session cookie, or the platform admin token.
 * Every failure is the same 401 body, whatever went wrong.
 */
export async function authenticate(deps: Deps, request: RequestInfo): Promise<Principal> {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer ([^\s]+)$/.exec(header.trim());
    if (!match) throw unauthorized();
    return bearer(deps, match[1]);
  }
  const session = request.cookies[SESSION_COOKIE];
  if (session) {
    const principal = await resolveSession(deps, session);
    if (principal) return principal;
  }
  throw unauthorized();
}

async function bearer(deps: Deps, token: string): Promise<Principal> {
  const hash = sha256(token);
  if (deps.config.adminTokenHash && safeEqualHex(hash, deps.config.adminTokenHash)) {
    return { kind: 'platform-admin', scopes: ['*'], platformAdmin: true };
  }
  if (!isWellFormedKey(token)) throw unauthorized();
  const keyKey = ApiKey.key({ keyHash: hash });
  const recalled = recallVerifiedKey(keyKey.pk, deps.clock.now(), deps.config.keyCacheMs);
  if (recalled) return recalled;
  return deps.config.keyCacheMs > 0 ? verifyOnce(keyKey.pk, () => verifyKey(deps, keyKey)) : verifyKey(deps, keyKey);
}

async function verifyKey(deps: Deps, keyKey: { pk: string; sk: string }): Promise<Principal> {
  const key = await deps.platform.get<ApiKeyRecord>(keyKey);
  if (!key || key.revokedAt) throw unauthorized();
  const account = await deps.platform.get<AccountRecord>(Account.key({ accountId: key.accountId }));
  if (!account) throw unauthorized();
  await touchKeyUse(deps, key);
  const principal: Principal = { ...principalFor(account, 'key', key.scopes, key.keyId), ...(key.label ? { keyName: key.label } : {}) };
  rememberVerifiedKey(keyKey.pk, principal, account, deps.clock.now(), deps.config.keyCacheMs);
  return principal;
}

export function principalFor(account: AccountRecord & { platformAdmin?: boolean }, kind: Principal['kind'], scopes: string[], keyId?: string): Principal {
  return {
    kind,
    accountId: account.accountId,
    keyId,
    email: account.email,
    accountScope: account.scope,
    status: account.status,
    scopes,
    userId: account.userId,
    defaultTenantId: account.tenantId,
    platformAdmin: Boolean(account.platformAdmin),
  };
}
