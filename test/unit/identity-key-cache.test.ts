import { describe, expect, it, vi } from 'vitest';
import type { AccountRecord } from '../../shared/workspace/identity/account.js';
import { forgetVerifiedKey, recallSettledAccount, recallVerifiedKey, rememberVerifiedKey, verifyOnce } from '../../shared/workspace/identity/key-cache.js';
import { configFromEnv, LOCAL_KEY_CACHE_MS } from '../../shared/platform/runtime/config.js';

const KEY_CACHE_MS = LOCAL_KEY_CACHE_MS;
import type { Principal } from '../../shared/platform/runtime/principal.js';

const principal: Principal = {
  kind: 'key',
  accountId: 'acc',
  keyId: 'k1',
  scopes: ['crm:read'],
  platformAdmin: false,
  accountScope: 'approved',
  status: 'ACTIVE',
};
let n = 0;
const pk = () => `APIKEY#unit-${++n}`;
const account = (over: Partial<AccountRecord> = {}): AccountRecord => ({
  pk: 'ACCOUNT#x',
  sk: 'ACCOUNT',
  accountId: `acc-${++n}`,
  email: 'owner@example.com',
  flow: 'full_account',
  scope: 'approved',
  moderation_status: 'approved',
  registrationState: 'approved',
  status: 'ACTIVE',
  passwordHash: 'scrypt$secret',
  userId: 'u1',
  tenantId: 't1',
  monthlyQuota: 10_000,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lastActivityAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('verified key cache', () => {
  it('answers for KEY_CACHE_MS after the verification, not a millisecond more', () => {
    const k = pk();
    const a = account();
    rememberVerifiedKey(k, principal, a, 1_000, KEY_CACHE_MS);
    expect(recallVerifiedKey(k, 1_000 + KEY_CACHE_MS - 1, KEY_CACHE_MS)).toEqual(principal);
    expect(recallSettledAccount(a.accountId, 1_000 + KEY_CACHE_MS - 1, KEY_CACHE_MS)?.email).toBe('owner@example.com');
    expect(recallVerifiedKey(k, 1_000 + KEY_CACHE_MS, KEY_CACHE_MS)).toBeUndefined();
    expect(recallSettledAccount(a.accountId, 1_000 + KEY_CACHE_MS, KEY_CACHE_MS)).toBeUndefined();
    // Gone for good once expired, even if asked at an earlier instant again.
    expect(recallVerifiedKey(k, 1_000, KEY_CACHE_MS)).toBeUndefined();
  });

  it('keeps nothing for a pending registration (its approval must show on the next call)', () => {
    const pending = account({ scope: 'pending', status: 'PENDING', registrationState: 'awaiting_admin_approval' });
    const notActive = account({ status: 'PENDING' });
    const [a, b] = [pk(), pk()];
    rememberVerifiedKey(a, { ...principal, accountScope: 'pending', status: 'PENDING' }, pending, 0, KEY_CACHE_MS);
    rememberVerifiedKey(b, principal, notActive, 0, KEY_CACHE_MS);
    expect(recallVerifiedKey(a, 1, KEY_CACHE_MS)).toBeUndefined();
    expect(recallVerifiedKey(b, 1, KEY_CACHE_MS)).toBeUndefined();
    expect(recallSettledAccount(pending.accountId, 1, KEY_CACHE_MS)).toBeUndefined();
    const sandbox = pk();
    rememberVerifiedKey(sandbox, { ...principal, accountScope: 'sandbox' }, account({ flow: 'sandbox', scope: 'sandbox' }), 0, KEY_CACHE_MS);
    expect(recallVerifiedKey(sandbox, 1, KEY_CACHE_MS)?.accountScope).toBe('sandbox');
  });

  it('keeps the account without its secrets', () => {
    const a = account();
    rememberVerifiedKey(pk(), principal, a, 0, KEY_CACHE_MS);
    const kept = recallSettledAccount(a.accountId, 1, KEY_CACHE_MS)!;
    expect(kept).not.toHaveProperty('passwordHash');
    expect(kept).toMatchObject({ scope: 'approved', tenantId: 't1', monthlyQuota: 10_000 });
  });

  it('forgets a key revoked in this process at once', () => {
    const k = pk();
    rememberVerifiedKey(k, principal, account(), 0, KEY_CACHE_MS);
    forgetVerifiedKey(k);
    expect(recallVerifiedKey(k, 1, KEY_CACHE_MS)).toBeUndefined();
  });

  it('hands out copies: a caller changing its principal does not change the remembered one', () => {
    const k = pk();
    rememberVerifiedKey(k, principal, account(), 0, KEY_CACHE_MS);
    recallVerifiedKey(k, 1, KEY_CACHE_MS)!.scopes.push('*');
    expect(recallVerifiedKey(k, 2, KEY_CACHE_MS)!.scopes).toEqual(['crm:read']);
  });

  it('is off when deployed (each Lambda instance is its own process) and 5 s in the embedded runtime, unless KEY_CACHE_MS says', () => {
    expect(configFromEnv({ SECRETS_KEY: Buffer.alloc(32).toString('base64') }).keyCacheMs).toBe(0);
    expect(configFromEnv({ SVC_RUNTIME: 'local' }).keyCacheMs).toBe(5_000);
    expect(configFromEnv({ SVC_RUNTIME: 'local', KEY_CACHE_MS: '0' }).keyCacheMs).toBe(0);
    const k = pk();
    rememberVerifiedKey(k, principal, account(), 0, 0);
    expect(recallVerifiedKey(k, 0, KEY_CACHE_MS)).toBeUndefined();
  });
});

describe('one verification for concurrent requests of a key', () => {
  /** A verification whose runs answer `answer` when released (every run so far), counting its runs. */
  const verification = (answer: Principal) => {
    const waiting: (() => void)[] = [];
    const v = { runs: 0, release: () => waiting.splice(0).forEach((resolve) => resolve()) };
    const run = () => {
      v.runs++;
      return new Promise<void>((resolve) => waiting.push(resolve)).then(() => answer);
    };
    return { v, run };
  };

  it('reads once for the requests in flight, each getting its own copy', async () => {
    const k = pk();
    const { v, run } = verification(principal);
    const calls = Array.from({ length: 50 }, () => verifyOnce(k, run));
    v.release();
    const principals = await Promise.all(calls);
    expect(v.runs).toBe(1);
    principals[0].scopes.push('*');
    expect(principals[1].scopes).toEqual(['crm:read']);
    // Done: the next one verifies afresh.
    const next = verifyOnce(k, run);
    v.release();
    await next;
    expect(v.runs).toBe(2);
  });

  it('lets a request of a pending registration read for itself (its approval shows on its next call)', async () => {
    const k = pk();
    const { v, run } = verification({ ...principal, accountScope: 'pending', status: 'PENDING' });
    const first = verifyOnce(k, run);
    const joined = verifyOnce(k, run);
    v.release();
    await first;
    await vi.waitFor(() => expect(v.runs).toBe(2));
    v.release();
    expect((await joined).accountScope).toBe('pending');
  });

  it('verifies afresh after a revocation in this process', async () => {
    const k = pk();
    const { v, run } = verification(principal);
    const before = verifyOnce(k, run);
    forgetVerifiedKey(k);
    const after = verifyOnce(k, run);
    v.release();
    await Promise.all([before, after]);
    expect(v.runs).toBe(2);
  });
});
