import { randomBytes } from 'node:crypto';
import { suppress } from '../audience/suppression.js';
import { getCreativeItem, toCreative } from '../creatives/creatives.js';
import { htmlToText, loadRecipientContext, renderCreativeFor } from '../creatives/render.js';
import { log } from '../runtime/logger.js';
import type { SendResult } from '../ports/mail-transport.js';
import type { Deps } from '../runtime/deps.js';
import { recordSend } from '../senders/transport.js';
import { providerOfAddress } from '../deliverability/matrix.js';
import { sendSettings } from '../settings/settings.js';
import { activeTrackingDomain } from '../tracking-domains/tracking-domains.js';
import { getTaskItem } from '../tasks/tasks.js';
import { checkCompletion } from './complete.js';
import { composeMessage, newMessageId } from './compose.js';
import { getItem, moveItem, requeue, updateItem } from './items.js';
import { gateItem, pauseTask } from './gates.js';
import { LEASE_MS, MAX_ATTEMPTS, backoffMs } from './settings.js';
import { transportFor } from './transports.js';
import { returnPaidSend, takePaidSend } from './prepaid.js';
import { getEmailAccountItem } from '../senders/entities.js';

const WORKER_ID = `w-${process.pid}-${randomBytes(4).toString('hex')}`;

/**
 * Sends one item (the `send` message). Idempotent: only a QUEUED item of an ACTIVE task is sent.
 * Order: gates (window, sender state and daily cap, per-mailbox slot) → one paid send from the task's
 * prepaid pool (once per item; shared/sending/prepaid.ts) → lease (QUEUED → SENDING with leaseUntil,
 * workerId, the Message-ID, chargedAt and smtpStartedAt: one conditional write) → render and compose
 * → SMTP → outcome (item and task counters in one transaction). See docs/SENDING.md for the
 * exactly-once argument.
 */
export async function sendItem(deps: Deps, tenantId: string, taskId: string, contactId: string) {
  const table = deps.tenantTable(tenantId);
  const item = await getItem(table, taskId, contactId);
  if (!item || item.status !== 'QUEUED') return;
  const task = await getTaskItem(table, taskId).catch(() => undefined);
  if (!task) return;
  if (task.status === 'CANCELLED') {
    await moveItem(
      table,
      taskId,
      contactId,
      { set: { status: 'CANCELLED', reason: 'task_cancelled', updatedAt: iso(deps) }, remove: ['gsi2pk', 'gsi2sk'], condition: statusIs('QUEUED') },
      { cancelled: 1, queued: -1 },
    );
    return;
  }
  if (task.status !== 'ACTIVE') return; // PAUSED: resume puts the QUEUED items back on the queue
  const slotAt = deps.clock.now();
  const settings = await sendSettings(table); // one Query for the window, interval, profile and tracking domain
  const wait = await gateItem(deps, tenantId, task, settings, slotAt);
  if (wait === 'paused') return;
  if (wait !== undefined) return requeue(deps, tenantId, item, wait);
  const account = await getEmailAccountItem(table, task.accountId!);
  if (!account) return pauseTask(deps, tenantId, task, 'sender_missing');
  const now = deps.clock.now();
  const messageId = item.messageId ?? newMessageId(taskId, contactId, account.email);
  const leaseUntil = now + LEASE_MS;
  // One paid send per item, from the task's prepaid pool, taken before the lease so that the lease is
  // the one write that also stamps chargedAt and smtpStartedAt (a retry after a deferral or a
  // recovered lease finds chargedAt and takes none; a lost lease race gives the unit back).
  const paying = !item.chargedAt;
  if (paying && !(await takePaidSend(deps, tenantId, taskId))) return pauseTask(deps, tenantId, task, 'insufficient_balance');
  const leased = await updateItem(table, taskId, contactId, {
    set: {
      status: 'SENDING',
      leaseUntil,
      workerId: WORKER_ID,
      messageId,
      slotAt,
      // From the lease on, a lost lease counts as ambiguous (the sweep re-sends with this Message-ID).
      smtpStartedAt: now,
      ...(paying ? { chargedAt: now } : {}),
      updatedAt: iso(deps),
    },
    add: { attempts: 1 },
    condition: statusIs('QUEUED'),
  });
  if (!leased) return paying ? returnPaidSend(deps, tenantId, taskId) : undefined;
  const mine = { expression: '#s = :sending AND workerId = :w', names: { '#s': 'status' }, values: { ':sending': 'SENDING', ':w': WORKER_ID } };
  const profile = settings.companyProfile;
  const trackingDomain = settings.defaultTrackingDomain ? await activeTrackingDomain(table, settings.defaultTrackingDomain) : null;
  if (!profile) {
    await updateItem(table, taskId, contactId, {
      set: { status: 'QUEUED', updatedAt: iso(deps) },
      remove: ['leaseUntil', 'workerId', 'smtpStartedAt'],
      condition: mine,
    });
    return pauseTask(deps, tenantId, task, 'physical_address_missing');
  }
  // Pre-rendered items may address someone who is no contact (a campaign's owner-address test): the context only names the recipient then.
  const recipient = item.content
    ? await loadRecipientContext(table, { contactId }).catch((): Awaited<ReturnType<typeof loadRecipientContext>> => ({}))
    : await loadRecipientContext(table, { contactId });
  // Pre-rendered content (campaigns, sequences, replies) goes as is; a plain task renders its creative.
  const rendered = item.content
    ? { subject: item.content.subject, html: item.content.html, text: item.content.text ?? htmlToText(item.content.html) }
    : renderCreativeFor(toCreative(await getCreativeItem(table, task.creativeId!)), recipient);
  const message = composeMessage(deps, {
    tenantId,
    taskId,
    contactId,
    messageId,
    ...(item.thread ? { thread: item.thread } : {}),
    profile,
    tracking: task.tracking !== false,
    rendered,
    trackingDomain,
    to: { address: item.email!, name: [recipient.contact?.firstName, recipient.contact?.lastName].filter(Boolean).join(' ') || undefined },
    from: { address: account.email, name: account.name },
  });
  let result: SendResult;
  try {
    result = await (await transportFor(deps, tenantId, task.accountId!)).send(message);
  } catch (e) {
    const reason = (e as { reason?: string }).reason;
    if (reason) {
      await updateItem(table, taskId, contactId, {
        set: { status: 'QUEUED', updatedAt: iso(deps) },
        remove: ['leaseUntil', 'workerId', 'smtpStartedAt'],
        condition: mine,
      });
      return pauseTask(deps, tenantId, task, `sender_${reason}`);
    }
    result = { outcome: 'deferred', code: 0, response: (e as Error).message, messageId };
  }
  await recordOutcome(deps, tenantId, { taskId, contactId, email: item.email!, attempts: (item.attempts ?? 0) + 1 }, result, mine);
  const provider = await providerOfAddress(deps, item.email!);
  await recordSend(deps, tenantId, task.accountId!, result, deps.clock.now(), provider).catch((e) =>
    log.warn('recordSend failed', { message: (e as Error).message }),
  );
}

async function recordOutcome(
  deps: Deps,
  tenantId: string,
  it: { taskId: string; contactId: string; email: string; attempts: number },
  r: SendResult,
  mine: { expression: string; names: Record<string, string>; values: Record<string, unknown> },
) {
  const table = deps.tenantTable(tenantId);
  const smtp = { outcome: r.outcome, code: r.code, response: r.response.slice(0, 500) };
  const at = iso(deps);
  const final = (status: string, extra: Record<string, unknown>, counters: Parameters<typeof moveItem>[4]) =>
    moveItem(
      table,
      it.taskId,
      it.contactId,
      { set: { status, smtp, updatedAt: at, ...extra }, remove: ['gsi2pk', 'gsi2sk', 'leaseUntil', 'workerId', 'dueAt'], condition: mine },
      counters,
    );
  if (r.outcome === 'accepted') {
    if (!(await final('SENT', { sentAt: at }, { sent: 1, queued: -1 })))
      return log.warn('send recorded after the lease was lost', { taskId: it.taskId, messageId: r.messageId });
  } else if (r.outcome === 'rejected') {
    if (!(await final('BOUNCED', { reason: 'hard_bounce' }, { bounced: 1, queued: -1 }))) return;
    await suppress(table, { email: it.email, source: 'bounce', note: `${r.code} ${r.response}`.slice(0, 300) }, deps.clock.now());
  } else if (it.attempts >= MAX_ATTEMPTS) {
    if (!(await final('FAILED', { reason: 'deferred_too_often' }, { failed: 1, queued: -1, deferred: 1 }))) return;
  } else {
    const ok = await moveItem(
      table,
      it.taskId,
      it.contactId,
      { set: { status: 'QUEUED', smtp, updatedAt: at }, remove: ['leaseUntil', 'workerId', 'smtpStartedAt'], condition: mine },
      { deferred: 1 },
    );
    if (ok) await requeue(deps, tenantId, it, backoffMs(it.attempts));
    return;
  }
  await checkCompletion(deps, tenantId, it.taskId);
}

const iso = (deps: Deps) => new Date(deps.clock.now()).toISOString();
const statusIs = (s: string) => ({ expression: '#s = :st', names: { '#s': 'status' }, values: { ':st': s } });
