import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charge, credit } from '../../shared/workspace/billing/billing.js';
import { Balance } from '../../shared/workspace/billing/entities.js';
import { PRICES } from '../../shared/workspace/billing/prices.js';
import { checkCompletion } from '../../shared/mailing/sending/complete.js';
import { BLOCK, blockSize, settleSends, takePaidSend, takePaidSends } from '../../shared/mailing/sending/prepaid.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { Task } from '../../shared/mailing/tasks/entities.js';
import { counterAttr, createMailingTask } from '../../shared/mailing/tasks/tasks.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startTestRuntime } from '../support/runtime.js';

// DynamoDB Local through the real adapter: the balance, ledger and task items are the real ones.
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.stop());

const PRICE = PRICES.email_send.unitMicros;
const balanceOf = async (tenantId: string) => (await rt.deps.platform.get<{ balanceMicros: number }>(Balance.key({ tenantId })))!.balanceMicros;

async function taskWithQueued(tenantId: string, queued: number) {
  const table = rt.deps.tenantTable(tenantId);
  const task = await createMailingTask(table, { description: 'prepaid', creativeId: 'c', accountId: 'a', contactListId: 'l' }, rt.deps.clock.now());
  await table.update(Task.key({ taskId: task.id }), { set: { status: 'ACTIVE', [counterAttr('queued')]: queued } });
  return task.id;
}

/** The task ended: `sent` of its `total` items accepted, the rest failed. */
async function ended(tenantId: string, taskId: string, total: number, sent: number) {
  const counters = { [counterAttr('total')]: total, [counterAttr('sent')]: sent, [counterAttr('failed')]: total - sent, [counterAttr('queued')]: 0 };
  await rt.deps.tenantTable(tenantId).update(Task.key({ taskId }), { set: { status: 'COMPLETED', ...counters } });
}

describe('prepaid sends', () => {
  it('70 concurrent takes buy two blocks once each; the refund at the end leaves exactly 70 sends paid', async () => {
    const a = await createApprovedAccount(rt.deps);
    await credit(rt.deps, a.tenantId, (PRICE * 1000) / 1e6, 'test', 'test');
    const before = await balanceOf(a.tenantId);
    const taskId = await taskWithQueued(a.tenantId, 120);
    const results = await Promise.all(Array.from({ length: 70 }, () => takePaidSend(rt.deps, a.tenantId, taskId)));
    expect(results.every(Boolean)).toBe(true);
    const spent = before - (await balanceOf(a.tenantId));
    const bought = blockSize(1) + blockSize(2); // 50 + 100: blocks double
    expect(spent).toBe(bought * PRICE); // blocks 1 and 2, never a third, never one twice
    await ended(a.tenantId, taskId, 70, 70);
    expect(await settleSends(rt.deps, a.tenantId, taskId)).toBe(bought - 70);
    expect(await settleSends(rt.deps, a.tenantId, taskId)).toBe(0);
    expect(before - (await balanceOf(a.tenantId))).toBe(70 * PRICE);
  }, 120_000);

  it('units a killed worker took for a batch it never leased come back at the end: charged = accepted mails', async () => {
    const a = await createApprovedAccount(rt.deps);
    await credit(rt.deps, a.tenantId, (PRICE * 1000) / 1e6, 'test', 'test');
    const before = await balanceOf(a.tenantId);
    const taskId = await taskWithQueued(a.tenantId, 2 * BLOCK);
    // The dead worker's batch: 25 units taken from the pool, then the process died before its lease write.
    expect(await takePaidSends(rt.deps, a.tenantId, taskId, 25)).toBe(25);
    // The same 25 items are sent by the restarted runtime and pay again (they never got chargedAt); 20 are accepted, 5 bounce.
    expect(await takePaidSends(rt.deps, a.tenantId, taskId, 25)).toBe(25);
    await ended(a.tenantId, taskId, 25, 20);
    expect(await settleSends(rt.deps, a.tenantId, taskId)).toBe(BLOCK - 20);
    expect(before - (await balanceOf(a.tenantId))).toBe(20 * PRICE);
    // The pool is closed: a late take of an ended task gets nothing and buys nothing.
    expect(await takePaidSends(rt.deps, a.tenantId, taskId, 1)).toBe(0);
    expect(before - (await balanceOf(a.tenantId))).toBe(20 * PRICE);
  }, 60_000);

  it('a block charged by a worker that died before crediting the pool is returned when the task ends without using it', async () => {
    const a = await createApprovedAccount(rt.deps);
    await credit(rt.deps, a.tenantId, (PRICE * 1000) / 1e6, 'test', 'test');
    const before = await balanceOf(a.tenantId);
    const taskId = await taskWithQueued(a.tenantId, 10);
    await charge(rt.deps, a.tenantId, 'email_send', 10, { onceKey: `${taskId}:sends:1` });
    await ended(a.tenantId, taskId, 10, 0);
    expect(await settleSends(rt.deps, a.tenantId, taskId)).toBe(10);
    expect(await balanceOf(a.tenantId)).toBe(before);
  }, 60_000);

  it('a cancel with sends in flight keeps their units back until they end, then returns what was not accepted', async () => {
    const a = await createApprovedAccount(rt.deps);
    await credit(rt.deps, a.tenantId, (PRICE * 1000) / 1e6, 'test', 'test');
    const before = await balanceOf(a.tenantId);
    const taskId = await taskWithQueued(a.tenantId, 30);
    expect(await takePaidSends(rt.deps, a.tenantId, taskId, 10)).toBe(10); // a block of 30, 10 of it leased
    const table = rt.deps.tenantTable(a.tenantId);
    const counters = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [counterAttr(k as never), v]));
    await table.update(Task.key({ taskId }), { set: { status: 'CANCELLED', ...counters({ total: 30, sent: 2, cancelled: 20, queued: 8 }) } });
    expect(await settleSends(rt.deps, a.tenantId, taskId)).toBe(30 - 2 - 8); // 8 still in flight
    // Of the 8 in flight: 5 accepted, 1 bounced, 2 came back QUEUED and were cancelled: 3 units back.
    await table.update(Task.key({ taskId }), { set: counters({ sent: 7, bounced: 1, cancelled: 22, queued: 0 }) });
    expect(await settleSends(rt.deps, a.tenantId, taskId)).toBe(3);
    expect(await settleSends(rt.deps, a.tenantId, taskId)).toBe(0);
    expect(before - (await balanceOf(a.tenantId))).toBe(7 * PRICE);
  }, 60_000);

  it('a worker that died after paying for a block does not make the next one pay again', async () => {
    const a = await createApprovedAccount(rt.deps);
    await credit(rt.deps, a.tenantId, (PRICE * 1000) / 1e6, 'test', 'test');
    const taskId = await taskWithQueued(a.tenantId, 10);
    // What the dead worker did: block 1 charged with its once-key, the pool never credited.
    await charge(rt.deps, a.tenantId, 'email_send', 10, { onceKey: `${taskId}:sends:1` });
    const before = await balanceOf(a.tenantId);
    expect(await takePaidSend(rt.deps, a.tenantId, taskId)).toBe(true);
    expect(await balanceOf(a.tenantId)).toBe(before);
  }, 60_000);

  it('concurrent takes at a balance of exactly one block: every take is paid, none refused', async () => {
    const a = await createApprovedAccount(rt.deps);
    await credit(rt.deps, a.tenantId, (PRICE * BLOCK) / 1e6, 'test', 'test');
    const taskId = await taskWithQueued(a.tenantId, BLOCK);
    const results = await Promise.all(Array.from({ length: 10 }, () => takePaidSend(rt.deps, a.tenantId, taskId)));
    expect(results).toEqual(Array(10).fill(true));
    expect(await balanceOf(a.tenantId)).toBe(0);
  }, 60_000);

  it('with the balance for three sends, the fourth take answers false and nothing goes negative', async () => {
    const a = await createApprovedAccount(rt.deps);
    await credit(rt.deps, a.tenantId, (PRICE * 3) / 1e6, 'test', 'test');
    const taskId = await taskWithQueued(a.tenantId, 5);
    const taken = [];
    for (let i = 0; i < 5; i++) taken.push(await takePaidSend(rt.deps, a.tenantId, taskId));
    expect(taken).toEqual([true, true, true, false, false]);
    expect(await balanceOf(a.tenantId)).toBe(0);
  }, 60_000);

  it('batches take many units in one write; at a low balance a batch gets what the balance pays for, then 0', async () => {
    const a = await createApprovedAccount(rt.deps);
    await credit(rt.deps, a.tenantId, (PRICE * 60) / 1e6, 'test', 'test');
    const taskId = await taskWithQueued(a.tenantId, 200);
    // Four concurrent batches of 25 against a balance of 60: exactly 60 are paid, none twice, none unpaid.
    const taken = await Promise.all([25, 25, 25, 25].map((n) => takePaidSends(rt.deps, a.tenantId, taskId, n)));
    expect(taken.reduce((x, y) => x + y, 0)).toBe(60);
    expect(await balanceOf(a.tenantId)).toBe(0);
    expect(await takePaidSends(rt.deps, a.tenantId, taskId, 25)).toBe(0);
  }, 60_000);
  it('a worker killed right after it committed COMPLETED has already returned the unspent units', async () => {
    const a = await createApprovedAccount(rt.deps);
    await credit(rt.deps, a.tenantId, (PRICE * 1000) / 1e6, 'test', 'test');
    const before = await balanceOf(a.tenantId);
    const taskId = await taskWithQueued(a.tenantId, 30);
    expect(await takePaidSends(rt.deps, a.tenantId, taskId, 12)).toBe(12); // a block of 30 bought
    const table = rt.deps.tenantTable(a.tenantId);
    const counters = { [counterAttr('total')]: 12, [counterAttr('sent')]: 10, [counterAttr('bounced')]: 2, [counterAttr('queued')]: 0 };
    await table.update(Task.key({ taskId }), { set: { built: true, ...counters } });
    // The process dies the moment the status transaction commits: nothing after it runs.
    const dying: Deps = {
      ...rt.deps,
      tenantTable: (id: string) => {
        const real = rt.deps.tenantTable(id);
        return new Proxy(real, {
          get: (target, prop) =>
            prop === 'transact'
              ? async (...args: Parameters<typeof real.transact>) => {
                  await target.transact(...args);
                  throw new Error('killed');
                }
              : Reflect.get(target, prop, target),
        });
      },
    };
    await expect(checkCompletion(dying, a.tenantId, taskId)).rejects.toThrow('killed');
    expect((await table.get<{ status: string }>(Task.key({ taskId })))!.status).toBe('COMPLETED');
    // The redelivered message finds a COMPLETED task and does nothing; the ledger is already final.
    expect(await checkCompletion(rt.deps, a.tenantId, taskId)).toBe(false);
    expect(before - (await balanceOf(a.tenantId))).toBe(10 * PRICE);
  }, 60_000);
});
