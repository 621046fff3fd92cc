import { charge, isInsufficientBalance } from '../../workspace/billing/billing.js';
import { Balance, BillingOnce } from '../../workspace/billing/entities.js';
import { applyEntry } from '../../workspace/billing/ledger.js';
import { PRICES } from '../../workspace/billing/prices.js';
import { ConditionFailed } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { TaskPrepaid } from '../tasks/entities.js';
import { counterAttr, getTaskItem, taskView } from '../tasks/tasks.js';

/**
 * Sends are paid in blocks, not one ledger transaction per email: a task buys a block of sends at a
 * time (`email_send × n`, one ledger entry; block k holds `blockSize(k)`: 50, 100, 200, 400, then 800)
 * into its `prepaidSends` pool, and each send takes one unit
 * from the pool with a single conditional ADD on a small item beside the task. Per send that is one small write
 * instead of a two-item transaction on the tenant's balance, which every worker of the tenant would
 * otherwise contend on. When the task ends, `settleSends` gives back every unit bought that did not
 * pay for an accepted mail: so the ledger keeps exactly one `email_send` per accepted mail.
 *
 * Never unpaid: a unit is taken before the SMTP transaction, and a block is bought only with the
 * balance to cover it (a smaller block when the balance is low, none when it is spent: the task pauses
 * with `insufficient_balance`). Never charged twice: block k of a task is bought with a once-key
 * (`<taskId>:sends:<k>`), and only the writer that moves `paidBlocks` from k-1 to k credits the pool,
 * so a crash between the charge and the credit, or two workers buying at once, cost nothing extra.
 */
export const BLOCK = 50;
/**
 * The largest block. Blocks double up to it because every purchase is contended: the batches in flight
 * all find the pool empty at once, and each reads the task, the pool and the balance before one of them
 * wins. A long task buys ~8 times per 5,000 sends instead of 100; a short one still never buys past
 * its queued items, and what a block held unspent comes back at settlement.
 */
const MAX_BLOCK = 800;
export const blockSize = (k: number) => Math.min(MAX_BLOCK, BLOCK * 2 ** Math.min(Math.max(0, k - 1), 5));
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
        condition: { expression: '#p >= :n AND attribute_not_exists(settledAt)', names: { '#p': PREPAID }, values: { ':n': n } },
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
  if (pool?.settledAt !== undefined) return 0; // the task ended and was settled: nothing more is paid for it
  const held = pool?.[PREPAID] ?? 0;
  if (held >= need) return held; // another worker refilled the pool
  const k = (pool?.paidBlocks ?? 0) + 1;
  const balance = (await deps.platform.get<{ balanceMicros: number }>(Balance.key({ tenantId })))?.balanceMicros ?? 0;
  // Not more than the task can still use (its queued items) nor than the balance covers.
  const wanted = Math.min(Math.max(blockSize(k), need), Math.max(need, task[counterAttr('queued')] ?? 1), Math.floor(balance / PRICE_MICROS));
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
 * Settles an ended task's sends (COMPLETED, FAILED, CANCELLED): every unit it bought that did not pay
 * for an accepted mail goes back, so the ledger keeps exactly `sent` × email_send for the task. Bought
 * is read from the blocks' once-records (a block charged by a worker that died before crediting the
 * pool counts too), not from the pool, which loses the units a killed worker had taken for items it
 * never leased. Items not final yet (a cancel with sends in flight) keep one unit each back until
 * they are: the call is repeated then, and each refund is its own once-keyed credit. The pool is
 * closed (`settledAt`): no take succeeds after it. Safe to call again; answers the units returned now.
 */
export async function settleSends(deps: Deps, tenantId: string, taskId: string) {
  const table = deps.tenantTable(tenantId);
  const [pool, task] = await Promise.all([table.get<Record<string, number | undefined>>(TaskPrepaid.key({ taskId })), getTaskItem(table, taskId)]);
  const c = taskView(task as never).counters;
  const unsettled = Math.max(0, c.total - (c.sent + c.bounced + c.failed + c.skipped + c.cancelled));
  // Block k+1 may be charged without the pool knowing it yet (its buyer died before crediting it).
  const blocks = await deps.platform.batchGet<{ quantity: number }>(
    Array.from({ length: (pool?.paidBlocks ?? 0) + 1 }, (_, k) => BillingOnce.key({ tenantId, onceKey: `${taskId}:sends:${k + 1}` })),
  );
  if (!pool && !blocks.length) return 0; // nothing was ever bought
  const bought = blocks.reduce((n, b) => n + b.quantity, 0);
  const refunded = pool?.refundedSends ?? 0;
  const owed = bought - c.sent - refunded - unsettled;
  if (bought < c.sent) log.error('task sent more mails than it bought', { tenantId, taskId, bought, sent: c.sent });
  let quantity = 0;
  if (owed > 0) {
    // One once-key per refund: the first keeps the name it always had, later ones name what came before.
    const entry = await applyEntry(
      deps,
      tenantId,
      owed * PRICE_MICROS,
      { type: 'credit', operation: 'email_send', quantity: owed, refId: taskId, note: 'prepaid sends not spent on an accepted mail returned' },
      { onceKey: refunded ? `${taskId}:refund:${refunded}` : `${taskId}:refund` },
    );
    quantity = entry.quantity; // a repeat after a crash answers the first call's entry
  }
  await table
    .update(TaskPrepaid.key({ taskId }), {
      set: { [PREPAID]: 0, refundedSends: refunded + quantity, settledAt: deps.clock.now() },
      setIfMissing: { entity: TaskPrepaid.name, _v: TaskPrepaid.version, taskId },
      condition: { expression: 'attribute_not_exists(refundedSends) OR refundedSends = :r', values: { ':r': refunded } },
    })
    .catch((e) => {
      if (!(e instanceof ConditionFailed)) throw e; // a concurrent settlement recorded the same refund
    });
  return quantity;
}
