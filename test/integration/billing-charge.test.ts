import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedAccount } from '../support/accounts.js';
import { client, startTestRuntime } from '../support/runtime.js';
import { charge, credit, isInsufficientBalance } from '../../shared/workspace/billing/billing.js';
import { PRICES } from '../../shared/workspace/billing/prices.js';
import { isAppError } from '../../shared/platform/errors.js';

/** charge/credit against DynamoDB Local (real transactions); the runtime only serves the read-back. */
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.stop());

describe('charge', () => {
  it('402 insufficient_balance with topUpUrl, and nothing is written', async () => {
    const a = await createApprovedAccount(rt.deps);
    const err = await charge(rt.deps, a.tenantId, 'email_send', 6).catch((e) => e);
    expect(isInsufficientBalance(err)).toBe(true);
    expect(isAppError(err) && err.body).toMatchObject({
      statusCode: 402,
      error: 'insufficient_balance',
      topUpUrl: `${rt.url}/console/billing?tenant=${a.tenantId}`,
      operation: 'email_send',
      cost: 0.006,
      balance: 0,
    });
    expect(typeof (err as { body: { message: string } }).body.message).toBe('string');
    expect((await client(rt.url, { key: a.apiKey }).get('/api/billing/ledger')).body.data).toEqual([]);
  });

  it('concurrent charges never overdraw: exactly floor(balance/cost) succeed and the ledger is contiguous', async () => {
    const a = await createApprovedAccount(rt.deps);
    const unit = PRICES.platform_render.unitMicros / 1e6;
    await credit(rt.deps, a.tenantId, unit * 5, 'five renders', 'admin');
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => charge(rt.deps, a.tenantId, 'platform_render')));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(5);
    expect(refused.every((r) => isInsufficientBalance((r as PromiseRejectedResult).reason))).toBe(true);
    const after = ok.map((r) => (r as PromiseFulfilledResult<{ balance_after: number }>).value.balance_after).sort();
    expect(after).toEqual([0, 0.004, 0.008, 0.012, 0.016]);
    const http = client(rt.url, { key: a.apiKey });
    expect((await http.get('/api/billing/balance')).body.balance).toBe(0);
    const ledger = (await http.get('/api/billing/ledger?pageSize=100')).body.data;
    expect(ledger.map((e: { seq: number }) => e.seq)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(ledger.every((e: { balanceAfter: number }) => e.balanceAfter >= 0)).toBe(true);
  });

  it('concurrent charges and credits add up exactly', async () => {
    const a = await createApprovedAccount(rt.deps);
    await credit(rt.deps, a.tenantId, 1, 'start', 'admin');
    await Promise.all([
      ...Array.from({ length: 8 }, () => charge(rt.deps, a.tenantId, 'audit', 5)),
      ...Array.from({ length: 4 }, () => credit(rt.deps, a.tenantId, 0.25, 'more', 'admin')),
    ]);
    expect((await client(rt.url, { key: a.apiKey }).get('/api/billing/balance')).body.balance).toBe(1 + 1 - 8 * 0.01);
  });

  it('credit validates amount and tenant; charge refuses an unknown price', async () => {
    const a = await createApprovedAccount(rt.deps);
    for (const amount of [0, -1, Number.NaN, 2_000_000]) await expect(credit(rt.deps, a.tenantId, amount, 'x', 'admin')).rejects.toMatchObject({ status: 400 });
    await expect(credit(rt.deps, 'no-such-tenant', 1, 'x', 'admin')).rejects.toMatchObject({ status: 404 });
    await expect(charge(rt.deps, a.tenantId, 'nope' as never)).rejects.toThrow(/no price/);
  });
});
