import { describe, expect, it } from 'vitest';
import {
  RECEIPT_TTL_MS,
  issueReceipt,
  receiptSubject,
  requireReceiptForSenderChange,
  verifyAndConsumeReceipt,
} from '../../shared/platform/agent/capability-receipts.js';
import { isAppError } from '../../shared/platform/errors.js';
import { sha256 } from '../../shared/workspace/identity/api-keys.js';
import { AdjustableClock } from '../../shared/platform/runtime/clock.js';
import { ConditionFailed, type Item, type Key, type UpdateSpec } from '../../shared/platform/ports/table-store.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import type { Principal } from '../../shared/platform/runtime/principal.js';

/**
 * Unit level: a fake platform table that applies the receipt's condition the way DynamoDB would
 * (the real expression runs against DynamoDB Local in test/integration/agent-capability-receipts).
 */
function fakeDeps() {
  const items = new Map<string, Item>();
  const id = (k: Key) => `${k.pk}|${k.sk}`;
  const clock = new AdjustableClock();
  const platform = {
    tableName: 'fake',
    async put(item: Item) {
      items.set(id(item as Key), { ...item });
    },
    async update(key: Key, spec: UpdateSpec) {
      const cur = items.get(id(key));
      const v = spec.condition?.values ?? {};
      if (!cur || cur.consumedAt !== undefined || cur.tenantId !== v[':t'] || cur.keyId !== v[':k'] || !((cur.expiresAtMs as number) > (v[':now'] as number)))
        throw new ConditionFailed(0);
      Object.assign(cur, spec.set);
      return cur;
    },
  };
  return { deps: { clock, platform } as unknown as Deps, items, clock };
}

const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (!isAppError(e)) throw e;
    expect(e.status).toBe(403);
    return e.body?.code;
  }
};

describe('capability receipts', () => {
  it('issues a short-lived token and stores only its hash', async () => {
    const { deps, items, clock } = fakeDeps();
    const r = await issueReceipt(deps, { tenantId: 't1', keyId: 'k1' });
    expect(r.receipt).toMatch(/^svc_cr_[A-Za-z0-9_-]{43}$/);
    expect(r).toMatchObject({ header: 'X-SDR-Capability-Receipt', tenantId: 't1', ttlSeconds: 600, singleUse: true });
    expect(Date.parse(r.expiresAt) - clock.now()).toBeGreaterThan(RECEIPT_TTL_MS - 1000);
    const stored = [...items.values()][0];
    expect(stored.pk).toBe(`CAPRECEIPT#${sha256(r.receipt)}`);
    expect(JSON.stringify(stored)).not.toContain(r.receipt);
    expect(stored.ttl).toBeGreaterThan(clock.now() / 1000);
  });

  it('is single-use and bound to tenant and key', async () => {
    const { deps } = fakeDeps();
    const { receipt } = await issueReceipt(deps, { tenantId: 't1', keyId: 'k1' });
    expect(await code(verifyAndConsumeReceipt(deps, { tenantId: 't2', keyId: 'k1', receipt }))).toBe('capability_receipt_invalid');
    expect(await code(verifyAndConsumeReceipt(deps, { tenantId: 't1', keyId: 'k2', receipt }))).toBe('capability_receipt_invalid');
    expect(await code(verifyAndConsumeReceipt(deps, { tenantId: 't1', keyId: 'k1', receipt }))).toBe('ok');
    expect(await code(verifyAndConsumeReceipt(deps, { tenantId: 't1', keyId: 'k1', receipt }))).toBe('capability_receipt_invalid');
  });

  it('expires after 10 minutes', async () => {
    const { deps, clock } = fakeDeps();
    const { receipt } = await issueReceipt(deps, { tenantId: 't1', keyId: 'k1' });
    clock.advance(RECEIPT_TTL_MS);
    expect(await code(verifyAndConsumeReceipt(deps, { tenantId: 't1', keyId: 'k1', receipt }))).toBe('capability_receipt_invalid');
  });

  it('refuses a missing or malformed receipt before any look-up', async () => {
    const { deps } = fakeDeps();
    expect(await code(verifyAndConsumeReceipt(deps, { tenantId: 't1', keyId: 'k1', receipt: undefined }))).toBe('capability_receipt_required');
    expect(await code(verifyAndConsumeReceipt(deps, { tenantId: 't1', keyId: 'k1', receipt: '  ' }))).toBe('capability_receipt_required');
    expect(await code(verifyAndConsumeReceipt(deps, { tenantId: 't1', keyId: 'k1', receipt: 'svc_cr_short' }))).toBe('capability_receipt_invalid');
  });

  it('is required only when a body changes senderConfig or sendWindow', async () => {
    const { deps } = fakeDeps();
    const principal: Principal = { kind: 'key', keyId: 'k1', scopes: ['*'], platformAdmin: false };
    const ctx = (receipt?: string) =>
      ({ deps, principal, tenant: { tenantId: 't1' }, request: { headers: receipt ? { 'x-sdr-capability-receipt': receipt } : {} } }) as never;
    expect(await code(requireReceiptForSenderChange(ctx(), { name: 'x' }))).toBe('ok');
    expect(await code(requireReceiptForSenderChange(ctx(), { sendWindow: { enabled: false } }))).toBe('capability_receipt_required');
    const { receipt } = await issueReceipt(deps, { tenantId: 't1', keyId: receiptSubject(principal) });
    expect(await code(requireReceiptForSenderChange(ctx(receipt), { senderConfig: {} }))).toBe('ok');
    expect(receiptSubject({ kind: 'session', userId: 'u1', scopes: [], platformAdmin: false })).toBe('session:u1');
  });
});
