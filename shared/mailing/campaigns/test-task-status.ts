import { notFound } from '../../platform/errors.js';
import type { Item } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { getTaskItem, taskView } from '../tasks/tasks.js';
import { getItem } from '../sending/items.js';
import { sendWindowState } from '../../workspace/settings/send-window-state.js';
import type { SendItemRecord } from '../tasks/entities.js';
import { getCampaignItem } from './campaigns.js';
import { effectiveWindow } from './send.js';

// Apart from test-task.ts: reading where a test is does not render the creative (html-to-text and its parser, issue 25).

/** The test email's "contact": no contact row exists for it (no audience row is ever enrolled). */
export const OWNER_CONTACT = 'owner';

/** Where the test is: `decision {reasonCode, nextAction}` and `retryAt` (when to look again). */
export async function testTaskStatus(deps: Deps, tenantId: string, campaignId: string, taskId: string) {
  const table = deps.tenantTable(tenantId);
  const c = await getCampaignItem(table, campaignId);
  if (!taskId.startsWith(`${campaignId}T`)) throw notFound('Test task');
  const task = await getTaskItem(table, taskId);
  if (task.owner?.id !== campaignId) throw notFound('Test task');
  const item = (await getItem(table, taskId, OWNER_CONTACT)) as
    (Item & Pick<SendItemRecord, 'email' | 'status' | 'smtp' | 'messageId'> & { dueAt?: number }) | undefined;
  const now = deps.clock.now();
  let reasonCode: string;
  let nextAction: string;
  let retryAt: string | null = null;
  const window = task.sendWindow ? { ...sendWindowState(task.sendWindow, now) } : await effectiveWindow(deps, table, c);
  if (item?.status === 'SENT') ((reasonCode = 'sent'), (nextAction = 'CampaignsController_sendReadiness'));
  else if (item?.status === 'BOUNCED') ((reasonCode = 'bounced'), (nextAction = 'EmailAccountsController_checkDns'));
  else if (item?.status === 'FAILED') ((reasonCode = 'failed'), (nextAction = 'EmailAccountsController_testConnection'));
  else if (task.status === 'PAUSED') {
    reasonCode = task.pauseReason ?? 'paused';
    nextAction = reasonCode === 'insufficient_balance' ? 'top_up_then_campaigns_test_task_create' : 'EmailAccountsController_testConnection';
  } else if (!window.windowOpen) {
    reasonCode = 'outside_send_window';
    nextAction = 'wait';
    retryAt = window.nextOpenAt;
  } else {
    reasonCode = item?.status === 'SENDING' ? 'sending' : 'queued';
    nextAction = 'wait';
    retryAt = new Date(Math.max(now, Number(item?.dueAt ?? now)) + 5000).toISOString();
  }
  const view = taskView(task as unknown as Item);
  return {
    taskId,
    campaignId,
    status: view.status,
    to: item?.email ?? null,
    item: item ? { status: item.status, messageId: item.messageId ?? null, smtp: item.smtp ?? null } : null,
    decision: { reasonCode, nextAction },
    retryAt,
  };
}
