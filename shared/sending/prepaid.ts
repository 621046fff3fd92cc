import { charge, isInsufficientBalance } from '../billing/billing.js';
import { Balance } from '../billing/entities.js';
import { applyEntry } from '../billing/ledger.js';
import { PRICES } from '../billing/prices.js';
import { ConditionFailed } from '../ports/table-store.js';
import type { Deps } from '../runtime/deps.js';
import { TaskPrepaid } from '../tasks/entities.js';
import { counterAttr, getTaskItem } from '../tasks/tasks.js';

/**
 * Sends are paid in blocks, not one ledger transaction per email: a task buys up to BLOCK sends at a
 * time (`email_send × n`, one ledger entry) into its `prepaidSends` pool, and each send takes one unit
 * from the pool with a single conditional ADD on a small item beside the task. Per send that is one small write
 * instead of a two-item transaction on the tenant's balance, which every worker of the tenant would
 * otherwise contend on. What a task leaves unused (deferred-then-failed items, a cancel) goes back
 * as one credit when the task ends (`refundUnusedSends`).
 *
 * Never unpaid: a unit is taken before the SMTP transaction, and a block is bought only with the
 * balance to cover it (a smaller block when the balance is low, none when it is spent: the task pauses
 * with `insufficient_balance`). Never charged twice: block k of a task is bought with a once-key
 * (`<taskId>:sends:<k>`), and only the writer that moves `paidBlocks` from k-1 to k credits the pool,
 * so a crash between the charge and the credit, or two workers buying at once, cost nothing extra.
 */
export const BLOCK = 50;
const PRICE_MICROS = PRICES.email_send.unitMicros;
/** The pool's attribute on the TaskPrepaid item. */
const PREPAID = 'prepaidSends';

/** Takes one paid send for the task: true, or false when the balance cannot pay for one more. */
export async function takePaidSend(deps: Deps, tenantId: string, taskId: string): Promise<boolean> {
  return (await takePaidSends(deps, tenantId, taskId, 1)) === 1;
}

/**
 * Takes up to `wanted` paid sends (a batch of the send worker) with one conditional ADD: answers how
 * many were taken, fewer than wanted only when the balance cannot pay for more (0: none at all).
 */
export async function takePaidSends(deps: Deps, tenantId: string, taskId: string, wanted: number): Promise<number> {
  const table = deps.tenantTable(tenantId);
  let n = wanted;
  for (let attempt = 0; attempt < 8 && n > 0; attempt++) {
    try {
      await table.update(TaskPrepaid.key({ taskId }), {
        add: { [PREPAID]: -n },
        condition: { expression: '#p >= :n', names: { '#p': PREPAID }, values: { ':n': n } },
      });
      return n;
    } catch (e) {
      if (!(e instanceof ConditionFailed)) throw e;
    }
    const left = await buyBlock(deps, tenantId, taskId, n);
    // A low balance bought a smaller block than the batch: take what the pool holds.
    if (left < n) n = left;
  }
  if (n <= 0) return 0;
  throw new Error('prepaid sends contended eight times; the message is retried');
}

/** Refills the pool when it is short of `need`: answers what the pool holds afterwards (0 when the balance pays for nothing). */
async function buyBlock(deps: Deps, tenantId: string, taskId: string, need: number): Promise<number> {
  const table = deps.tenantTable(tenantId);
  const [task, pool] = await Promise.all([
    getTaskItem(table, taskId) as unknown as Promise<Record<string, number | undefined>>,
    table.get<Record<string, number | undefined>>(TaskPrepaid.key({ taskId })),
  ]);
  const held = pool?.[PREPAID] ?? 0;
  if (held >= need) return held; // another worker refilled the pool
  const k = (pool?.paidBlocks ?? 0) + 1;
  const balance = (await deps.platform.get<{ balanceMicros: number }>(Balance.key({ tenantId })))?.balanceMicros ?? 0;
  // Not more than the task can still use (its queued items) nor than the balance covers.
  const wanted = Math.min(Math.max(BLOCK, need), Math.max(need, task[counterAttr('queued')] ?? 1), Math.floor(balance / PRICE_MICROS));
  let quantity: number;
  try {
    const billed = await charge(deps, tenantId, 'email_send', Math.max(1, wanted), {
      refId: taskId,
      note: `prepaid sends, block ${k}`,
      onceKey: `${taskId}:sends:${k}`,
    });
    quantity = Math.round(Number(billed.cost) / (PRICE_MICROS / 1e6));
  } catch (e) {
    if (isInsufficientBalance(e)) return held;
    throw e;
  }
  try {
    await table.update(TaskPrepaid.key({ taskId }), {
      add: { [PREPAID]: quantity },
      set: { paidBlocks: k },
      setIfMissing: { entity: TaskPrepaid.name, _v: TaskPrepaid.version, taskId },
      condition: k === 1 ? { expression: 'attribute_not_exists(paidBlocks)' } : { expression: 'paidBlocks = :prev', values: { ':prev': k - 1 } },
    });
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e; // another writer credited block k
    return need; // the pool was refilled by that writer: try the take again
  }
  return held + quantity;
}

/** Puts unused units back (the worker took them, then lost the race for the items' leases). */
export async function returnPaidSends(deps: Deps, tenantId: string, taskId: string, n = 1) {
  if (n > 0) await deps.tenantTable(tenantId).update(TaskPrepaid.key({ taskId }), { add: { [PREPAID]: n } });
}

/**
 * Gives back what an ended task (COMPLETED, FAILED, CANCELLED) did not use: one credit, once
 * (once-key `<taskId>:refund`), then the pool is zeroed. Safe to call again.
 */
export async function refundUnusedSends(deps: Deps, tenantId: string, taskId: string) {
  const table = deps.tenantTable(tenantId);
  const pool = await table.get<Record<string, number | undefined>>(TaskPrepaid.key({ taskId }));
  const unused = pool?.[PREPAID] ?? 0;
  if (unused <= 0 || pool?.refundedSends !== undefined) return 0;
  await applyEntry(
    deps,
    tenantId,
    unused * PRICE_MICROS,
    { type: 'credit', operation: 'email_send', quantity: unused, refId: taskId, note: 'unused prepaid sends returned' },
    { onceKey: `${taskId}:refund` },
  );
  await table
    .update(TaskPrepaid.key({ taskId }), {
      add: { [PREPAID]: -unused },
      set: { refundedSends: unused },
      condition: { expression: 'attribute_not_exists(refundedSends)' },
    })
    .catch((e) => {
      if (!(e instanceof ConditionFailed)) throw e;
    });
  return unused;
}
