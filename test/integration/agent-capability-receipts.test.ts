import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { localDeps } from '../../infra/local/local-deps.js';
import { RECEIPT_TTL_MS, issueReceipt, verifyAndConsumeReceipt } from '../../shared/platform/agent/capability-receipts.js';
import { isAppError } from '../../shared/platform/errors.js';
import type { AdjustableClock } from '../../shared/platform/runtime/clock.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';

/** Capability receipts against DynamoDB Local: the real conditional write decides single use. */
let deps: Deps;
beforeAll(async () => {
  deps = await localDeps(inject('dynamoEndpoint'), { TABLE_PREFIX: `r${randomBytes(4).toString('hex')}-`, LOG_LEVEL: 'silent' });
});

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e) => {
      if (!isAppError(e)) throw e;
      return String(e.body?.code);
    },
  );

describe('capability receipts on DynamoDB', () => {
  it('consumes a receipt exactly once, even under concurrent use', async () => {
    const { receipt } = await issueReceipt(deps, { tenantId: 't1', keyId: 'k1' });
    const results = await Promise.all(Array.from({ length: 8 }, () => outcome(verifyAndConsumeReceipt(deps, { tenantId: 't1', keyId: 'k1', receipt }))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'capability_receipt_invalid')).toHaveLength(7);
  });

  it('refuses another tenant, another key, an unknown token and an expired one', async () => {
    const { receipt } = await issueReceipt(deps, { tenantId: 't1', keyId: 'k1' });
    expect(await outcome(verifyAndConsumeReceipt(deps, { tenantId: 't2', keyId: 'k1', receipt }))).toBe('capability_receipt_invalid');
    expect(await outcome(verifyAndConsumeReceipt(deps, { tenantId: 't1', keyId: 'k2', receipt }))).toBe('capability_receipt_invalid');
    expect(await outcome(verifyAndConsumeReceipt(deps, { tenantId: 't1', keyId: 'k1', receipt: `svc_cr_${'A'.repeat(43)}` }))).toBe(
      'capability_receipt_invalid',
    );
    (deps.clock as AdjustableClock).advance(RECEIPT_TTL_MS + 1);
    expect(await outcome(verifyAndConsumeReceipt(deps, { tenantId: 't1', keyId: 'k1', receipt }))).toBe('capability_receipt_invalid');
  });

  it('still works within its lifetime after failed attempts by others', async () => {
    const { receipt } = await issueReceipt(deps, { tenantId: 't3', keyId: 'k3' });
    expect(await outcome(verifyAndConsumeReceipt(deps, { tenantId: 't3', keyId: 'other', receipt }))).toBe('capability_receipt_invalid');
    (deps.clock as AdjustableClock).advance(RECEIPT_TTL_MS - 60_000);
    expect(await outcome(verifyAndConsumeReceipt(deps, { tenantId: 't3', keyId: 'k3', receipt }))).toBe('ok');
  });
});
