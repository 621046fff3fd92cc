import { ConditionFailed } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { AccountRecord, ApiKeyRecord } from './account.js';
import { sha256 } from './api-keys.js';
import { newId } from '../../platform/data/ids.js';
import { Account, AccountEmail, AccountKeyRef, ApiKey } from './entities.js';

export type NewAccount = Omit<AccountRecord, 'pk' | 'sk' | 'accountId' | 'createdAt' | 'updatedAt' | 'lastActivityAt'>;

/**
 * One transaction that claims the (normalized) email, stores the account and the SHA-256 of its first
 * API key. Returns the stored account, or `undefined` when the email already belongs to an account:
 * callers answer exactly as for a new one (no enumeration) and tell the real owner.
 */
export async function createAccountWithKey(deps: Deps, fields: NewAccount, apiKey: string, scopes: string[] = ['*']): Promise<AccountRecord | undefined> {
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const accountId = newId(now);
  const keyId = newId(now);
  const account: AccountRecord = Account.item({ accountId }, { ...fields, accountId, createdAt: at, updatedAt: at, lastActivityAt: at });
  const key: ApiKeyRecord = ApiKey.item({ keyHash: sha256(apiKey) }, { keyId, accountId, scopes, createdAt: at });
  try {
    await deps.platform.transact([
      { put: AccountEmail.item({ email: fields.email }, { accountId, createdAt: at }), condition: { expression: 'attribute_not_exists(pk)' } },
      { put: { ...account } },
      { put: { ...key } },
      { put: AccountKeyRef.item({ accountId, keyId }, { keyHash: key.pk, createdAt: at }) },
    ]);
  } catch (e) {
    if (e instanceof ConditionFailed && e.index === 0) return undefined;
    throw e;
  }
  return account;
}
