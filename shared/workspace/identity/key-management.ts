import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import { ConditionFailed } from '../../platform/ports/table-store.js';
import { isScope } from '../../platform/registry/scopes.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { hasScope, type Principal } from '../../platform/runtime/principal.js';
import type { ApiKeyRecord } from './account.js';
import { generateApiKey, sha256 } from './api-keys.js';
import { AccountKeyRef, ApiKey } from './entities.js';
import { forgetVerifiedKey } from './key-cache.js';

/**
 * More keys for an account's agents, each with scopes no wider than its creator's. A key is shown
 * once and stored as its SHA-256 (like the signup key); the account's KEYREF items list them.
 */
export const MAX_ACTIVE_KEYS = 50;
/** lastUsedAt is written at most this often per key, so authentication stays read-only on a hot path (and reads the key at most every KEY_CACHE_MS). */
export const KEY_USE_RESOLUTION_MS = 15 * 60_000;
export const KEYS_WRITE = 'keys:write';

interface KeyRef {
  sk: string;
  keyHash: string;
  createdAt: string;
  revokedAt?: string;
}

type StoredKey = ApiKeyRecord & { keyHint?: string; lastUsedAt?: string; createdBy?: string };

const view = (k: StoredKey) => ({
  id: k.keyId,
  name: k.label ?? null,
  scopes: k.scopes,
  keyHint: k.keyHint ?? null,
  createdAt: k.createdAt,
  createdBy: k.createdBy ?? null,
  lastUsedAt: k.lastUsedAt ?? null,
  revokedAt: k.revokedAt ?? null,
  status: k.revokedAt ? ('REVOKED' as const) : ('ACTIVE' as const),
});

/** Refs written at signup carry the key id only in their sort key. */
const refKeyId = (r: KeyRef) => r.sk.slice('KEYREF#'.length);
const refPk = (hash: string) => (hash.startsWith('APIKEY#') ? hash : ApiKey.key({ keyHash: hash }).pk);

function requireKeyWriter(p: Principal) {
  if (!hasScope(p, KEYS_WRITE)) throw forbidden(`Missing scope ${KEYS_WRITE}`, { code: 'insufficient_scope', requiredScope: KEYS_WRITE });
}

/** `*` only from a caller holding `*`; each named scope must be one the caller holds. */
function grantableScopes(p: Principal, requested: string[]): string[] {
  const scopes = [...new Set(requested)];
  const unknown = scopes.filter((s) => s !== '*' && !isScope(s));
  if (unknown.length) throw badRequest(unknown.map((s) => `scopes: unknown scope ${s}`));
  const wider = scopes.filter((s) => (s === '*' ? !p.scopes.includes('*') : !hasScope(p, s)));
  if (wider.length) throw forbidden(`A key cannot grant scopes its creator lacks: ${wider.join(', ')}`, { code: 'scope_not_grantable', scopes: wider });
  return scopes;
}

async function refsOf(deps: Deps, accountId: string, limit: number, cursor?: string) {
  return deps.platform.query<KeyRef>({ ...AccountKeyRef.query('primary', { accountId }), limit, cursor });
}

export async function createApiKey(deps: Deps, p: Principal & { accountId: string }, input: { name: string; scopes: string[] }) {
  requireKeyWriter(p);
  const scopes = grantableScopes(p, input.scopes);
  let active = 0;
  let cursor: string | undefined;
  do {
    const page = await refsOf(deps, p.accountId, 100, cursor);
    active += page.items.filter((r) => !r.revokedAt).length;
    cursor = page.cursor;
  } while (cursor && active < MAX_ACTIVE_KEYS);
  if (active >= MAX_ACTIVE_KEYS)
    throw conflict(`An account holds at most ${MAX_ACTIVE_KEYS} active keys: revoke one first`, { code: 'key_limit_reached', limit: MAX_ACTIVE_KEYS });
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const keyId = newId(now);
  const secret = generateApiKey();
  const stored: StoredKey = ApiKey.item(
    { keyHash: sha256(secret) },
    { keyId, accountId: p.accountId, scopes, label: input.name, keyHint: `…${secret.slice(-4)}`, createdBy: p.keyId ?? p.kind, createdAt: at },
  );
  await deps.platform.transact([
    { put: { ...stored }, condition: { expression: 'attribute_not_exists(pk)' } },
    { put: AccountKeyRef.item({ accountId: p.accountId, keyId }, { keyHash: stored.pk, createdAt: at }) },
  ]);
  return { ...view(stored), key: secret };
}

export async function listApiKeys(deps: Deps, accountId: string, q: { pageSize?: number; cursor?: string }) {
  const pageSize = q.pageSize ?? 50;
  const page = await refsOf(deps, accountId, pageSize, q.cursor);
  const keys = await deps.platform.batchGet<StoredKey>(page.items.map((r) => ({ pk: refPk(r.keyHash), sk: 'APIKEY' })));
  const byId = new Map(keys.map((k) => [k.keyId, k]));
  const data = page.items.flatMap((r) => {
    const k = byId.get(refKeyId(r));
    return k ? [view(k)] : [];
  });
  return { data, pageSize, nextCursor: page.cursor ?? null };
}

/**
 * Revocation is the key item's own `revokedAt`, which authentication reads (HTTP and MCP): from the next
 * call in this process, within KEY_CACHE_MS in others (key-cache.ts). A key may revoke only keys no
 * wider than itself.
 */
export async function revokeApiKey(deps: Deps, p: Principal & { accountId: string }, keyId: string) {
  requireKeyWriter(p);
  const ref = await deps.platform.get<KeyRef>(AccountKeyRef.key({ accountId: p.accountId, keyId }));
  if (!ref) throw notFound('API key');
  const key = await deps.platform.get<StoredKey>({ pk: refPk(ref.keyHash), sk: 'APIKEY' });
  if (!key || key.accountId !== p.accountId) throw notFound('API key');
  if (!key.scopes.every((s) => (s === '*' ? p.scopes.includes('*') : hasScope(p, s))))
    throw forbidden('A key cannot revoke a key with wider scopes than its own', { code: 'scope_not_grantable' });
  if (key.revokedAt) return view(key);
  const at = new Date(deps.clock.now()).toISOString();
  try {
    await deps.platform.transact([
      { update: { pk: key.pk, sk: key.sk }, spec: { set: { revokedAt: at }, condition: { expression: 'attribute_not_exists(revokedAt)' } } },
      { update: AccountKeyRef.key({ accountId: p.accountId, keyId }), spec: { set: { revokedAt: at } } },
    ]);
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
  }
  forgetVerifiedKey(key.pk);
  return view({ ...key, revokedAt: key.revokedAt ?? at });
}

/** Records a key's use at most once per KEY_USE_RESOLUTION_MS; a failed write never fails the request. */
export async function touchKeyUse(deps: Deps, key: StoredKey) {
  const now = deps.clock.now();
  if (key.lastUsedAt && now - Date.parse(key.lastUsedAt) < KEY_USE_RESOLUTION_MS) return;
  await deps.platform.update({ pk: key.pk, sk: key.sk }, { set: { lastUsedAt: new Date(now).toISOString() } }).catch(() => undefined);
}
