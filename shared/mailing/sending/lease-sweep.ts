import type { Deps } from '../../platform/runtime/deps.js';
import type { SendItemRecord, TaskRecord } from '../tasks/entities.js';
import { getTaskItem } from '../tasks/tasks.js';
import { dueIndex, pad, recoverLease, updateItem } from './items.js';
import { enqueue, SEND_QUEUE, type SendMessage } from './queue.js';
import { forEachTenant } from '../../workspace/tenancy/each-tenant.js';

/** An item overdue by more than this has lost its queue message or its lease. */
const GRACE_MS = 60_000;
const MAX_PER_SWEEP = 1000;

/**
 * The lease sweep of one tenant (EventBridge Scheduler → `sweep-tenant` in AWS, a timer locally).
 * Non-final items sit on gsi2 `SENDDUE` by their due time (or lease end). Overdue ones of ACTIVE tasks:
 * - QUEUED: the queue message was lost (or never sent after a crash in build): put back on the queue;
 * - SENDING with an expired lease (or, locally, one a previous runtime instance held): the worker
 *   died. Before `smtpStartedAt` nothing left the building: back to QUEUED. After it the outcome is
 *   unknown (the one window where SMTP itself can duplicate: the server took the DATA but its 250
 *   never reached us). The item goes back to QUEUED with the SAME stored Message-ID, marked
 *   `recovered`; a second copy, if any, carries the same Message-ID, so it is detectable (receivers
 *   and the sink dedupe by it) and counted (`ambiguousAttempts`: `recoverLease`). A crash mid-build needs no sweep: the build message is acknowledged only
 *   after the build, which skips members that already have an item (written in one transaction with
 *   the counters they add) and puts the QUEUED ones of a half-done chunk back through this sweep.
 */
export async function sweepTenantSends(deps: Deps, tenantId: string) {
  const table = deps.tenantTable(tenantId);
  const now = deps.clock.now();
  const page = await table.query<SendItemRecord & { dueAt: number }>({
    index: 'gsi2',
    pk: 'SENDDUE',
    skLessThan: `${pad(now - GRACE_MS)}#~`,
    limit: MAX_PER_SWEEP,
  });
  const tasks = new Map<string, Promise<(TaskRecord & { version: number }) | undefined>>();
  const taskOf = (id: string) =>
    tasks.has(id)
      ? tasks.get(id)!
      : (tasks.set(
          id,
          getTaskItem(table, id).catch(() => undefined),
        ),
        tasks.get(id)!);
  let requeued = 0;
  let recovered = 0;
  for (const it of page.items) {
    const task = await taskOf(it.taskId);
    if (!task || (task.status !== 'ACTIVE' && task.status !== 'CANCELLED')) continue;
    const next = now + GRACE_MS;
    if (it.status === 'QUEUED') {
      if (
        await updateItem(table, it.taskId, it.contactId, {
          set: { dueAt: next, ...dueIndex(it.taskId, it.contactId, next) },
          condition: { expression: '#s = :q AND dueAt = :d', names: { '#s': 'status' }, values: { ':q': 'QUEUED', ':d': it.dueAt } },
        })
      ) {
        await enqueue(deps, { type: 'send', tenantId, taskId: it.taskId, contactId: it.contactId });
        requeued++;
      }
    } else if (await recoverLease(deps, tenantId, it, { dueAt: next, ...dueIndex(it.taskId, it.contactId, next) })) {
      await enqueue(deps, { type: 'send', tenantId, taskId: it.taskId, contactId: it.contactId });
      recovered++;
    }
  }
  return { requeued, recovered };
}

/** Every tenant's sweep: fanned out as messages (AWS) or run in-process (local). */
export async function sweepAllTenantSends(deps: Deps, mode: 'direct' | 'fanout') {
  const { tenants } = await forEachTenant(deps, 'send sweep', (tenantId) =>
    mode === 'fanout'
      ? // One sweep per tenant waits or runs at a time: a sweep that finds its predecessor still queued adds
        // nothing (a short local period on a loaded machine otherwise piles sweeps up ahead of the sends).
        deps.queue!.send(SEND_QUEUE, { type: 'sweep-tenant', tenantId } satisfies SendMessage, { dedupeId: `sweep-${tenantId}` })
      : sweepTenantSends(deps, tenantId),
  );
  return tenants;
}
