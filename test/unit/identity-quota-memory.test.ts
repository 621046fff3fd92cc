import { describe, expect, it } from 'vitest';
import type { TableStore } from '../../shared/platform/ports/table-store.js';
import { countMessage, recallQuotaUsed } from '../../shared/workspace/identity/quota.js';

const TTL = 5_000;
let n = 0;

/** A table holding one month's counter: `used`, read by every get (counted); `release` lets a held get answer. */
function counterTable(used: number) {
  const table = { tableName: `unit-${++n}`, used, gets: 0, held: undefined as undefined | (() => void), hold: false };
  const store = {
    tableName: table.tableName,
    get: async () => {
      table.gets++;
      const used = table.used; // as the store held it when the read arrived
      if (table.hold) await new Promise<void>((r) => (table.held = r));
      return { used };
    },
  } as unknown as TableStore;
  return { table, store };
}

describe("the month's counter as GET /v1/me shows it", () => {
  it('is read once within the bound and read again after it', async () => {
    const { table, store } = counterTable(3);
    expect(await recallQuotaUsed(store, 'acc', '2026-11', 1_000, TTL)).toBe(3);
    table.used = 4; // another process counted
    expect(await recallQuotaUsed(store, 'acc', '2026-11', 1_000 + TTL - 1, TTL)).toBe(3);
    expect(table.gets).toBe(1);
    expect(await recallQuotaUsed(store, 'acc', '2026-11', 1_000 + TTL, TTL)).toBe(4);
    expect(table.gets).toBe(2);
  });

  it('is read on every call when the bound is 0 (deployed)', async () => {
    const { table, store } = counterTable(3);
    await recallQuotaUsed(store, 'acc', '2026-11', 1_000, 0);
    await recallQuotaUsed(store, 'acc', '2026-11', 1_000, 0);
    expect(table.gets).toBe(2);
  });

  it("shows this process's own count at once", async () => {
    const { table, store } = counterTable(3);
    expect(await recallQuotaUsed(store, 'acc', '2026-11', 1_000, TTL)).toBe(3);
    await countMessage(store, 'acc', '2026-11', async () => void (table.used = 4));
    expect(await recallQuotaUsed(store, 'acc', '2026-11', 1_001, TTL)).toBe(4);
  });

  it('remembers nothing from a read that overlapped a count', async () => {
    const { table, store } = counterTable(3);
    table.hold = true;
    const stale = recallQuotaUsed(store, 'acc', '2026-11', 1_000, TTL);
    await Promise.resolve();
    table.hold = false;
    await countMessage(store, 'acc', '2026-11', async () => void (table.used = 4));
    table.held!();
    expect(await stale).toBe(3); // it started before the count: either figure is a true answer
    expect(await recallQuotaUsed(store, 'acc', '2026-11', 1_001, TTL)).toBe(4);
  });

  it('keeps months and tables apart', async () => {
    const a = counterTable(3);
    const b = counterTable(7);
    expect(await recallQuotaUsed(a.store, 'acc', '2026-11', 1_000, TTL)).toBe(3);
    expect(await recallQuotaUsed(b.store, 'acc', '2026-11', 1_000, TTL)).toBe(7);
    a.table.used = 0;
    expect(await recallQuotaUsed(a.store, 'acc', '2026-12', 1_000, TTL)).toBe(0);
  });
});
