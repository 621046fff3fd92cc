import { eventsCommitted, outboxItem } from '../../platform/events/outbox.js';
import { ConditionFailed } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { IN_REVIEW_ATTRIBUTES, Task } from '../tasks/entities.js';
import { settleSends } from './prepaid.js';
import { getTaskItem, taskView } from '../tasks/tasks.js';

/**
 * When every item of an ACTIVE, fully built task (never an `open` one: its owner adds items over time) is final, the task becomes COMPLETED (or FAILED when
 * nothing could be sent) and `task.completed` / `task.failed` goes to the outbox in the same
 * transaction (conditional on the status, so exactly one worker wins and one event exists), after the
 * task's sends are settled (prepaid units not spent on an accepted mail go back). A CANCELLED task
 * whose last sends in flight just ended is settled again for them.
 */
export async function checkCompletion(deps: Deps, tenantId: string, taskId: string) {
  const table = deps.tenantTable(tenantId);
  const task = await getTaskItem(table, taskId);
  const view = taskView(task as never);
  if (task.status === 'CANCELLED') return (await settleSends(deps, tenantId, taskId), false);
  if (task.status !== 'ACTIVE' || !(task as { built?: boolean }).built || task.open) return false;
  const c = view.counters;
  const final = c.sent + c.bounced + c.failed + c.skipped + c.cancelled;
  if (final < c.total) return false;
  // Settled before the status moves, not after: a worker killed between the two leaves an ACTIVE task
  // whose redelivered message comes back here (settling again is a no-op), whereas a COMPLETED task is
  // never looked at again and would keep its unspent units. And whoever reads COMPLETED reads a final ledger.
  await settleSends(deps, tenantId, taskId);
  const now = deps.clock.now();
  const status = c.sent > 0 ? 'COMPLETED' : 'FAILED';
  const kind = status === 'COMPLETED' ? 'task.completed' : 'task.failed';
  const data = {
    taskId,
    methodId: 2,
    status,
    counters: c,
    ...(status === 'FAILED' ? { reason: c.total === c.skipped ? 'all_recipients_skipped' : 'nothing_sent' } : {}),
  };
  try {
    await table.transact([
      {
        update: Task.key({ taskId }),
        spec: {
          set: { status, completedAt: new Date(now).toISOString(), updatedAt: new Date(now).toISOString() },
          remove: IN_REVIEW_ATTRIBUTES, // an ended task leaves the approvals queue's index
          add: { version: 1 },
          condition: { expression: '#s = :active', names: { '#s': 'status' }, values: { ':active': 'ACTIVE' } },
        },
      },
      { put: outboxItem(tenantId, kind, data, now) },
    ]);
  } catch (e) {
    if (e instanceof ConditionFailed) return false;
    throw e;
  }
  await eventsCommitted(deps, tenantId);
  return true;
}
