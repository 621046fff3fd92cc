import { badRequest, conflict } from '../../platform/errors.js';
import { getContactList } from '../../crm/contact-lists/lists.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { TenantContext } from '../../platform/runtime/context.js';
import { getSendingState } from '../senders/transport.js';
import { getPhysicalAddress } from '../../workspace/settings/settings.js';
import { enqueue } from '../sending/queue.js';
import { creativeVersion } from './create.js';
import { approvalDrifted, getTaskItem, moveTask, taskView } from './tasks.js';

/**
 * POST /api/tasks/:id/start. Checks, each a 409 with a `code`: not_approved, approval_stale (the
 * creative changed since approval: the approval is reset to PENDING), sender_suspended, sender_bounce_rate_exceeded,
 * sender_dns_failed / sender_dns_unchecked / sender_connection_failed, physical_address_missing (names the setting), list_empty. Then ACTIVE and a
 * `build` message: the items are built by the send worker (long work answers at once). Repeating
 * the call on an ACTIVE task answers the task unchanged.
 */
export async function startTask(deps: Deps, tenant: TenantContext, taskId: string) {
  const table = tenant.table;
  const task = await getTaskItem(table, taskId);
  if (task.methodId !== 2) throw badRequest(['only mailing tasks (methodId 2) are started here']);
  if (['ACTIVE', 'COMPLETED', 'FAILED'].includes(task.status) && task.startedAt) return taskView(task as never);
  if (task.status !== 'DRAFT')
    throw conflict(`Task is ${task.status}; only a DRAFT task starts (a PAUSED one resumes)`, { code: 'task_not_startable', status: task.status });
  if (task.approvalStatus !== 'APPROVED') throw conflict('Task is not approved: POST /api/mailing/:taskId/approve first', { code: 'not_approved' });
  const now = deps.clock.now();
  const current = await creativeVersion(table, task.creativeId!);
  if (approvalDrifted(task, current)) {
    await moveTask(table, task, { approvalStatus: 'PENDING', approvalResetReason: 'creative_changed' }, now);
    throw conflict('The creative changed after approval; approve the task again', {
      code: 'approval_stale',
      approvedVersion: task.approval!.creativeVersion,
      currentVersion: current,
    });
  }
  const sending = await getSendingState(deps, tenant.tenantId, task.accountId!, now);
  // A spent daily cap is no reason to refuse: items wait for the next day.
  if (!sending.sendable && sending.reason !== 'daily_cap_reached') {
    throw conflict(`The sender account cannot send: ${sending.reason}`, {
      code: SENDER_CODES[sending.reason!] ?? 'sender_unavailable',
      reason: sending.reason,
    });
  }
  if (!(await getPhysicalAddress(table))) {
    throw conflict('No physical address: set the companyProfile setting (physicalAddress, companyName) first; every email carries it', {
      code: 'physical_address_missing',
      setting: 'companyProfile',
    });
  }
  const list = await getContactList(table, task.contactListId!);
  if (!list.memberCount) throw conflict('The contact list is empty', { code: 'list_empty', contactListId: list.id });
  const after = await moveTask(table, task, { status: 'ACTIVE', startedAt: new Date(now).toISOString(), built: false, pauseReason: null }, now);
  await enqueue(deps, { type: 'build', tenantId: tenant.tenantId, taskId }, 0, `build-${tenant.tenantId}-${taskId}`);
  return taskView(after as never);
}

/** 409 codes of start for the sender's state (getSendingState reasons). */
const SENDER_CODES: Record<string, string> = {
  suspended: 'sender_suspended',
  oauth_refresh_failed: 'sender_suspended',
  bounce_rate_exceeded: 'sender_bounce_rate_exceeded',
  account_not_found: 'sender_missing',
  dns_failed: 'sender_dns_failed',
  dns_unchecked: 'sender_dns_unchecked',
  connection_failed: 'sender_connection_failed',
};
