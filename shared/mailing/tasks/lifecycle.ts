import { settleSends } from '../sending/prepaid.js';
import { badRequest, conflict } from '../../platform/errors.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { TenantContext } from '../../platform/runtime/context.js';
import { enqueueQueuedItems } from '../sending/items.js';
import { enqueue } from '../sending/queue.js';
import type { TaskRecord } from './entities.js';
import { getTaskItem, moveTask, taskView, withCurrentApproval } from './tasks.js';

/** ACTIVE → PAUSED (reason `manual`). Pausing a PAUSED task answers it unchanged. */
export async function pauseTaskByUser(deps: Deps, tenant: TenantContext, taskId: string) {
  const task = await getTaskItem(tenant.table, taskId);
  if (task.status === 'PAUSED') return taskView(task as never);
  if (task.status !== 'ACTIVE') throw conflict(`Task is ${task.status}; only an ACTIVE task pauses`, { code: 'task_not_active', status: task.status });
  return taskView((await moveTask(tenant.table, task, { status: 'PAUSED', pauseReason: 'manual' }, deps.clock.now())) as never);
}

/**
 * PAUSED → ACTIVE, whatever paused it (manual, insufficient_balance after a credit, a sender that is
 * healthy again): the task's QUEUED items go back on the queue. A cause still present pauses it again.
 */
export async function resumeTask(deps: Deps, tenant: TenantContext, taskId: string) {
  const task = await getTaskItem(tenant.table, taskId);
  if (task.status === 'ACTIVE') return taskView(task as never);
  if (task.status !== 'PAUSED') throw conflict(`Task is ${task.status}; only a PAUSED task resumes`, { code: 'task_not_paused', status: task.status });
  if (task.approvalStatus !== 'APPROVED') throw conflict('Task is not approved (the creative changed): approve it again first', { code: 'not_approved' });
  const after = await moveTask(
    tenant.table,
    task,
    { status: 'ACTIVE', pauseReason: null, resumedAt: new Date(deps.clock.now()).toISOString() },
    deps.clock.now(),
  );
  if (!(task as { built?: boolean }).built) await enqueue(deps, { type: 'build', tenantId: tenant.tenantId, taskId });
  await enqueueQueuedItems(deps, tenant.tenantId, taskId);
  return taskView(after as never);
}

/**
 * DRAFT, ACTIVE or PAUSED → CANCELLED: nothing more is sent; items not yet sent become CANCELLED.
 * `also` is set with the move (a rejection's record).
 */
export async function cancelTask(deps: Deps, tenant: TenantContext, taskId: string, also: Record<string, unknown> = {}) {
  const task = await getTaskItem(tenant.table, taskId);
  if (task.status === 'CANCELLED') return taskView(task as never);
  if (!['DRAFT', 'ACTIVE', 'PAUSED'].includes(task.status))
    throw conflict(`Task is ${task.status}; it cannot be cancelled`, { code: 'task_final', status: task.status });
  const after = await moveTask(tenant.table, task, { ...also, status: 'CANCELLED', cancelledAt: new Date(deps.clock.now()).toISOString() }, deps.clock.now());
  if (task.startedAt) await enqueueQueuedItems(deps, tenant.tenantId, taskId);
  await settleSends(deps, tenant.tenantId, taskId); // what is still in flight is settled when it ends (checkCompletion)
  return taskView(after as never);
}

/**
 * A reviewer's "no": the mailing task is cancelled (nothing of it is ever sent) with the rejection
 * recorded (who, the note, the creative version reviewed), so the agent that prepared it reads why.
 * Only a task still awaiting approval is rejected; repeating it answers the rejected task unchanged.
 */
export async function rejectTask(deps: Deps, tenant: TenantContext, taskId: string, rejection: NonNullable<TaskRecord['rejection']>) {
  const task = await getTaskItem(tenant.table, taskId);
  if (task.methodId !== 2) throw badRequest(['only mailing tasks (methodId 2) are rejected']);
  if (task.status === 'CANCELLED' && task.rejection) return taskView(task as never);
  const [current] = await withCurrentApproval(tenant.table, [taskView(task as never)]);
  if (current.approvalStatus !== 'PENDING' || !['DRAFT', 'ACTIVE', 'PAUSED'].includes(task.status))
    throw conflict(`Task is ${task.status} and ${current.approvalStatus}; only a task awaiting approval is rejected (cancel it instead)`, {
      code: 'task_not_rejectable',
      status: task.status,
      approvalStatus: current.approvalStatus,
    });
  return cancelTask(deps, tenant, taskId, { rejection });
}
