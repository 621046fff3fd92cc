import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageGate, PageSlotBusy } from '../../shared/enrichment/page-slots.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startTestRuntime } from '../support/runtime.js';

// pageGate against DynamoDB Local through the real adapter, on a clock that does not move.
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.stop());

describe('browser page slots', () => {
  it('never holds more pages than slots, and a slot a dead holder keeps ends the wait (PageSlotBusy) within its bound', async () => {
    const table = rt.deps.tenantTable((await createApprovedAccount(rt.deps)).tenantId);
    const frozen = { now: () => 1_000_000 };
    const gate = pageGate(table, frozen, 'task-1', 2, 150);
    let open = 0;
    let most = 0;
    const page = () =>
      gate(async () => {
        most = Math.max(most, ++open);
        await new Promise((r) => setTimeout(r, 20));
        open--;
        return 'ok';
      });
    expect(await Promise.all(Array.from({ length: 6 }, page))).toEqual(Array(6).fill('ok'));
    expect(most).toBe(2);

    // Two holders that never finish (a killed worker): the frozen clock never expires their leases.
    const never = new Promise<never>(() => undefined);
    void gate(() => never);
    void gate(() => never);
    await new Promise((r) => setTimeout(r, 100));
    const t = performance.now();
    await expect(page()).rejects.toBeInstanceOf(PageSlotBusy);
    expect(performance.now() - t).toBeLessThan(5_000);
  });
});
