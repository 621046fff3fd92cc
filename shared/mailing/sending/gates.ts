import { ConditionFailed } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { SenderDay, getEmailAccountItem, utcDay, type EmailAccountItem } from '../senders/entities.js';
import { unsendableReason } from '../senders/transport.js';
import { dailyCapOn } from '../senders/warmup.js';
import { sendWindowState } from '../../workspace/settings/send-window-state.js';
import type { SendSettings } from '../../workspace/settings/settings.js';
import { MailboxPacing, Task, type TaskRecord } from '../tasks/entities.js';

/** What the gates allow of a batch: its first `go` items now, the rest after `waitMs` (`staggered`: one interval apart each). */
export interface GateVerdict {
  go: number;
  waitMs: number;
  staggered?: boolean;
  account?: EmailAccountItem;
}

/**
 * The per-mailbox gates before a batch of `n` sends, in order: the send window (the task's own — a
 * campaign's — else the workspace's; outside it the items wait until the window opens, they are never
 * dropped), the sender's state (suspension or failing DNS pause the task; the daily cap lets through
 * what is left of today and the rest waits for the next UTC day), and the minimum interval (a
 * `nextSlotAt` per mailbox, claimed with a conditional write so two workers never take one slot: one
 * item goes per slot, the others wait one interval apart). 'paused' when the task was paused.
 */
export async function gateBatch(
  deps: Deps,
  tenantId: string,
  task: TaskRecord & { version: number },
  settings: Pick<SendSettings, 'sendWindow' | 'minSendIntervalSeconds'>,
  n: number,
  now = deps.clock.now(),
): Promise<GateVerdict | 'paused'> {
  const window = sendWindowState(task.sendWindow ?? settings.sendWindow, now);
  if (!window.windowOpen) return { go: 0, waitMs: window.nextOpenAt ? Math.max(1000, Date.parse(window.nextOpenAt) - now) : 3_600_000 };
  const table = deps.tenantTable(tenantId);
  const [account, day] = await Promise.all([
    getEmailAccountItem(table, task.accountId!),
    table.get<{ sent?: number }>(SenderDay.key({ accountId: task.accountId!, day: utcDay(now) })),
  ]);
  const sentToday = day?.sent ?? 0;
  const dailyCap = account ? dailyCapOn(account, now) : null;
  const reason = account ? unsendableReason(account, dailyCap, sentToday) : 'account_not_found';
  const tomorrow = Math.max(1000, nextUtcDay(now) - now);
  if (reason === 'daily_cap_reached') return { go: 0, waitMs: tomorrow };
  if (reason || !account) {
    await pauseTask(deps, tenantId, task, `sender_${reason}`);
    return 'paused';
  }
  const go = Math.min(n, dailyCap === null ? n : dailyCap - sentToday);
  const intervalMs = settings.minSendIntervalSeconds * 1000;
  if (intervalMs <= 0) return { go, waitMs: tomorrow, account };
  const slotWait = await claimSlot(deps, task.accountId!, tenantId, intervalMs, now);
  return slotWait === undefined ? { go: Math.min(go, 1), waitMs: intervalMs, staggered: true, account } : { go: 0, waitMs: slotWait, staggered: true, account };
}

async function claimSlot(deps: Deps, accountId: string, tenantId: string, intervalMs: number, now: number): Promise<number | undefined> {
  const table = deps.tenantTable(tenantId);
  const key = MailboxPacing.key({ accountId });
  try {
    await table.update(key, {
      set: { nextSlotAt: now + intervalMs, lastSlotAt: now, accountId },
      setIfMissing: { entity: MailboxPacing.name, _v: MailboxPacing.version },
      condition: { expression: 'attribute_not_exists(nextSlotAt) OR nextSlotAt <= :now', values: { ':now': now } },
    });
    return undefined;
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
    const p = await table.get<{ nextSlotAt?: number }>(key);
    return Math.max(50, (p?.nextSlotAt ?? now) - now);
  }
}

const nextUtcDay = (now: number) => {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
};

/** ACTIVE → PAUSED with a reason (insufficient_balance, sender_suspended ...); a no-op when not ACTIVE. */
export async function pauseTask(deps: Deps, tenantId: string, task: { taskId: string }, reason: string, also: Record<string, unknown> = {}) {
  const table = deps.tenantTable(tenantId);
  const at = new Date(deps.clock.now()).toISOString();
  await table
    .update(Task.key({ taskId: task.taskId }), {
      set: { ...also, status: 'PAUSED', pauseReason: reason, pausedAt: at, updatedAt: at },
      add: { version: 1 },
      condition: { expression: '#s = :a', names: { '#s': 'status' }, values: { ':a': 'ACTIVE' } },
    })
    .catch((e) => {
      if (!(e instanceof ConditionFailed)) throw e;
    });
}
