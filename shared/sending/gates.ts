import { ConditionFailed } from '../ports/table-store.js';
import type { Deps } from '../runtime/deps.js';
import { getSendingState } from '../senders/transport.js';
import { sendWindowState } from '../settings/send-window.js';
import type { SendSettings } from '../settings/settings.js';
import { MailboxPacing, Task, type TaskRecord } from '../tasks/entities.js';

/**
 * The per-mailbox gates before a send, in order: the send window (the task's own — a campaign's — else
 * the workspace's; outside it the item waits until
 * the window opens, it is never dropped), the sender's state (suspension or failing DNS pause the
 * task; a spent daily cap waits for the next UTC day), and the minimum interval (a `nextSlotAt`
 * per mailbox, claimed with a conditional write so two workers never take one slot).
 * Returns undefined when the item may go now, 'paused' when the task was paused, else how long it waits (ms).
 */
export async function gateItem(
  deps: Deps,
  tenantId: string,
  task: TaskRecord & { version: number },
  settings: Pick<SendSettings, 'sendWindow' | 'minSendIntervalSeconds'>,
  now = deps.clock.now(),
): Promise<number | 'paused' | undefined> {
  const window = sendWindowState(task.sendWindow ?? settings.sendWindow, now);
  if (!window.windowOpen) return window.nextOpenAt ? Math.max(1000, Date.parse(window.nextOpenAt) - now) : 3_600_000;
  const state = await getSendingState(deps, tenantId, task.accountId!, now);
  if (!state.sendable) {
    if (state.reason === 'daily_cap_reached') return Math.max(1000, nextUtcDay(now) - now);
    await pauseTask(deps, tenantId, task, `sender_${state.reason}`);
    return 'paused';
  }
  const intervalMs = settings.minSendIntervalSeconds * 1000;
  if (intervalMs <= 0) return undefined;
  return claimSlot(deps, task.accountId!, tenantId, intervalMs, now);
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
export async function pauseTask(deps: Deps, tenantId: string, task: { taskId: string }, reason: string) {
  const table = deps.tenantTable(tenantId);
  const at = new Date(deps.clock.now()).toISOString();
  await table
    .update(Task.key({ taskId: task.taskId }), {
      set: { status: 'PAUSED', pauseReason: reason, pausedAt: at, updatedAt: at },
      add: { version: 1 },
      condition: { expression: '#s = :a', names: { '#s': 'status' }, values: { ':a': 'ACTIVE' } },
    })
    .catch((e) => {
      if (!(e instanceof ConditionFailed)) throw e;
    });
}
