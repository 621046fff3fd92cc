import type { Principal } from '../../platform/runtime/principal.js';
import type { AccountRecord } from './account.js';

/**
 * Verified API keys remembered in-process, so a caller's next requests skip the two reads of its key and
 * account (every request of an agent, over HTTP and MCP, presents the same key).
 *
 * Bound: an entry is used for at most `config.keyCacheMs` of `deps.clock` (KEY_CACHE_MS; 5 s in the
 * embedded runtime, 0 = off when deployed). A key revoked by another process would be refused only
 * after that bound, so it is off where several processes serve one store (Lambda); the process that
 * revokes a key forgets it at once (`forgetVerifiedKey`), so the local runtime, one process serving HTTP
 * and MCP, refuses it from the next call. Only accounts
 * in a settled state are kept: a sandbox account stays sandbox, an approved one stays approved, and the
 * fields below are written once, at signup or at approval. A pending registration is read on every
 * request, because its approval must show on the caller's very next call.
 */
/** Enough for every agent of a busy instance; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 5_000;

/** What a settled account shows (GET /v1/me); never its secrets (password hash, workflow token). */
export type SettledAccount = Pick<
  AccountRecord,
  'accountId' | 'email' | 'flow' | 'scope' | 'moderation_status' | 'registrationState' | 'status' | 'userId' | 'tenantId' | 'monthlyQuota' | 'createdAt'
>;

/** By the key item's partition key (`APIKEY#<sha256>`): never the secret itself. */
const keys = new Map<string, { principal: Principal; at: number }>();
const accounts = new Map<string, { account: SettledAccount; at: number }>();

function put<T>(map: Map<string, T>, id: string, value: T) {
  map.delete(id);
  map.set(id, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
}

/** An entry less than ttlMs old; an older one is dropped. */
function recall<T extends { at: number }>(map: Map<string, T>, id: string, now: number, ttlMs: number): T | undefined {
  const entry = map.get(id);
  if (entry && now >= entry.at && now - entry.at < ttlMs) return entry;
  map.delete(id);
  return undefined;
}

/** The key verified less than ttlMs ago, if any. */
export function recallVerifiedKey(keyPk: string, now: number, ttlMs: number): Principal | undefined {
  const principal = recall(keys, keyPk, now, ttlMs)?.principal;
  return principal && { ...principal, scopes: [...principal.scopes] };
}

/** The settled account read with a key verified less than ttlMs ago, if any. */
export function recallSettledAccount(accountId: string, now: number, ttlMs: number): SettledAccount | undefined {
  const account = recall(accounts, accountId, now, ttlMs)?.account;
  return account && { ...account };
}

export function rememberVerifiedKey(keyPk: string, principal: Principal, account: AccountRecord, now: number, ttlMs: number) {
  if (ttlMs <= 0 || account.scope === 'pending' || account.status !== 'ACTIVE') return;
  put(keys, keyPk, { principal: { ...principal, scopes: [...principal.scopes] }, at: now });
  const { accountId, email, flow, scope, moderation_status, registrationState, status, userId, tenantId, monthlyQuota, createdAt } = account;
  const settled: SettledAccount = { accountId, email, flow, scope, moderation_status, registrationState, status, userId, tenantId, monthlyQuota, createdAt };
  put(accounts, accountId, { account: settled, at: now });
}

/** Revocation in this process: refused from the next call, not after the bound. */
export function forgetVerifiedKey(keyPk: string) {
  keys.delete(keyPk);
  verifying.delete(keyPk);
}

const verifying = new Map<string, Promise<Principal>>();

/**
 * Concurrent requests of one key share its verification while the cache is on: when an agent's entry
 * lapses under load, its 50 requests in flight would otherwise read the key and the account 50 times at
 * once. A request that joins is answered from reads sent less than a round trip before it arrived, well
 * within the bound, and only for a settled account: a pending one's approval must show on its next call,
 * so a joiner then reads for itself. A revocation in this process makes the next request verify afresh.
 */
export async function verifyOnce(keyPk: string, verify: () => Promise<Principal>): Promise<Principal> {
  const shared = verifying.get(keyPk);
  if (!shared) {
    const started = verify().finally(() => verifying.get(keyPk) === started && verifying.delete(keyPk));
    verifying.set(keyPk, started);
    return started;
  }
  const principal = await shared;
  if (principal.accountScope === 'pending' || principal.status !== 'ACTIVE') return verify();
  return { ...principal, scopes: [...principal.scopes] };
}
