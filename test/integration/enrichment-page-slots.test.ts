import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageGate, PageSlotBusy } from '../../shared/research/enrichment/page-slots.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startTestRuntime } from '../support/runtime.js';
import { waitFor } from '../support/webhook-receiver.js';

// pageGate against DynamoDB Local through the real adapter, on a clock that does not move. Nothing here
// depends on the machine's speed: the pages wait on conditions (bounded), never on a guessed duration.
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.stop());

describe('browser page slots', () => {
  it('never holds more pages than slots, and a slot a dead holder keeps ends the wait (PageSlotBusy) within its bound', async () => {
    const table = rt.deps.tenantTable((await createApprovedAccount(rt.deps)).tenantId);
    const frozen = { now: () => 1_000_000 };
    // The frozen clock never expires a lease, so leaseMs only sets how long a waiter may wait (about two
    // leases of real time): here far more than six short pages taking turns need on any machine.
    const patient = pageGate(table, frozen, 'task-1', 2, 30_000);
    let open = 0;
    let most = 0;
    const render = async () => {
      most = Math.max(most, ++open);
      // The first page keeps its slot until a second page holds the other one, so both slots are seen in
      // use at once however slow the machine; later pages overlap as they come.
      await waitFor(() => most === 2, 'two pages open at once', 20_000, 5);
      await new Promise((r) => setTimeout(r, 20));
      open--;
      return 'ok';
    };
    expect(await Promise.all(Array.from({ length: 6 }, () => patient(render)))).toEqual(Array(6).fill('ok'));
    expect(most).toBe(2);

    // Two holders that never finish (a killed worker): the frozen clock never expires their leases.
    let holding = 0;
    const never = new Promise<never>(() => undefined);
    void patient(() => (holding++, never));
    void patient(() => (holding++, never));
    await waitFor(() => holding === 2, 'both slots held', 20_000, 5);
    // A gate with a 150 ms lease gives up after about two leases of real time. Without that bound it would
    // wait forever and this test would time out; it must not give up before the bound either.
    const short = pageGate(table, frozen, 'task-1', 2, 150);
    const t = performance.now();
    await expect(short(render)).rejects.toBeInstanceOf(PageSlotBusy);
    expect(performance.now() - t).toBeGreaterThanOrEqual(300);
  });
});
