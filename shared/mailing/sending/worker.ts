import { suppress } from '../../crm/audience/suppression.js';
import { getCreativeItem, toCreative } from '../creatives/creatives.js';
import { htmlToText, renderCreativeFor, type RecipientContext } from '../creatives/render.js';
import { loadRecipientContexts } from '../creatives/recipient.js';
import { providerOfAddress } from '../deliverability/matrix.js';
import type { SendResult } from '../../platform/ports/mail-transport.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { sendSettings } from '../../workspace/settings/settings.js';
import type { SendItemRecord } from '../tasks/entities.js';
import { approvalDrifted, getTaskItem } from '../tasks/tasks.js';
import { activeTrackingDomain } from '../tracking-domains/tracking-domains.js';
import { checkCompletion } from './complete.js';
import { composeMessage, newMessageId } from './compose.js';
import { gateBatch, pauseTask } from './gates.js';
import { getItems, leaseHolder, leaseItems, moveItem, recoverLease, requeue, requeueMany, updateItem, type Lease } from './items.js';
import { shareOutcomeCommitter, type Outcome } from './outcomes.js';
import { BOUNCE_REASON } from './bounce-guard.js';
import { returnPaidSends, takePaidSends } from './prepaid.js';
import { alreadyInSentFolder } from './sent-folder.js';
import { LEASE_MS, backoffMs } from './settings.js';
import { transportFor } from './transports.js';
import { costStep } from '../../platform/runtime/cost-step.js';

/** SMTP transactions of one batch at a time: the pooled transport's connections per mailbox (shared/mailing/senders/smtp.ts). */
const SMTP_LANES = 2;

/**
 * Sends a batch of one task's items (the `send` message: one contact, or up to SEND_BATCH). Idempotent:
 * only QUEUED items of an ACTIVE task are sent. Order: gates for the batch (window, sender state and
 * what is left of the daily cap, per-mailbox slot) → paid sends from the task's prepaid pool (one
 * conditional write for the batch; shared/mailing/sending/prepaid.ts) → leases (QUEUED → SENDING with
 * leaseUntil, workerId, the Message-ID, chargedAt and smtpStartedAt: one conditional write per item,
 * one transaction for the batch) → render and compose → SMTP, in parallel over the mailbox's pooled
 * transport → outcomes, group-committed as they arrive (items, task counters and the mailbox day row
 * in one transaction: shared/mailing/sending/outcomes.ts). Per batch the reads (task, settings, mailbox, day
 * row, items, contacts, creative) happen once. See docs/sending.md for the exactly-once argument.
 * Items a dead local runtime instance held (SENDING under its lease: the message came back to a
 * restarted runtime) are recovered first, as the sweep would once their leases ran out.
 */
export async function sendItems(deps: Deps, tenantId: string, taskId: string, contactIds: string[]) {
  const table = deps.tenantTable(tenantId);
  const [task, found] = await Promise.all([getTaskItem(table, taskId).catch(() => undefined), getItems(table, taskId, contactIds)]);
  const recovered = await Promise.all(found.filter((i) => i.status === 'SENDING').map((it) => recoverLease(deps, tenantId, it)));
  const queued = [...found.filter((i) => i.status === 'QUEUED'), ...recovered.filter((i) => i !== undefined)];
  if (!task || !queued.length) return;
  if (task.status === 'CANCELLED') {
    await Promise.all(queued.map((it) => cancelItem(deps, tenantId, it)));
    return void (await checkCompletion(deps, tenantId, taskId)); // settles the units those items held
  }
  if (task.status !== 'ACTIVE') return; // PAUSED: resume puts the QUEUED items back on the queue
  const slotAt = deps.clock.now();
  const settings = await sendSettings(table); // one Query for the window, interval, profile and tracking domain
  const gate = await costStep('send: gates', () => gateBatch(deps, tenantId, task, settings, queued.length, slotAt));
  if (gate === 'paused') return;
  // Items already paid (a retry after a deferral or a recovered lease) go first: they cost nothing.
  const ordered = [...queued.filter((i) => i.chargedAt), ...queued.filter((i) => !i.chargedAt)];
  const waiting = ordered.slice(gate.go);
  await costStep('send: requeue', async () => {
    if (gate.staggered) await Promise.all(waiting.map((it, k) => requeue(deps, tenantId, it, gate.waitMs * (k + 1))));
    else await requeueMany(deps, tenantId, taskId, waiting, gate.waitMs);
  });
  const now = deps.clock.now();
  const workerId = leaseHolder(deps);
  let go = ordered.slice(0, gate.go);
  // Content drift: an email that was not approved is never sent. The creative edited since approval
  // pauses the task and resets its approval (approve again, then resume); nothing of this batch is
  // leased or charged, the items stay QUEUED for the resume. Read only when something is about to go.
  const creative = go.some((it) => !it.content) ? toCreative(await getCreativeItem(table, task.creativeId!)) : undefined;
  if (creative && approvalDrifted(task, creative.contentVersion))
    return pauseTask(deps, tenantId, task, 'creative_changed', { approvalStatus: 'PENDING', approvalResetReason: 'creative_changed' });
  const unpaid = go.filter((i) => !i.chargedAt).length;
  const paid = unpaid ? await costStep('send: charge', () => takePaidSends(deps, tenantId, taskId, unpaid)) : 0;
  if (paid < unpaid) {
    go = go.slice(0, go.length - (unpaid - paid)); // the unpaid rest stays QUEUED: resume after a credit re-queues it
    await pauseTask(deps, tenantId, task, 'insufficient_balance');
  }
  if (!go.length || !gate.account) return;
  const account = gate.account;
  const leases: Lease[] = go.map((it) => ({
    contactId: it.contactId,
    messageId: it.messageId ?? newMessageId(taskId, it.contactId, account.email),
    paying: !it.chargedAt,
  }));
  const leased = await costStep('send: lease', () => leaseItems(table, taskId, leases, { leaseUntil: now + LEASE_MS, workerId, slotAt, now, at: iso(deps) }));
  await costStep('send: charge', () => returnPaidSends(deps, tenantId, taskId, leases.filter((l) => l.paying && !leased.has(l.contactId)).length));
  const mine = go.filter((it) => leased.has(it.contactId));
  if (!mine.length) return;
  const profile = settings.companyProfile;
  if (!profile) {
    await Promise.all(mine.map((it) => unlease(deps, tenantId, it, workerId)));
    return pauseTask(deps, tenantId, task, 'physical_address_missing');
  }
  const trackingDomain = settings.defaultTrackingDomain ? await activeTrackingDomain(table, settings.defaultTrackingDomain) : null;
  // Pre-rendered items may address someone who is no contact (a campaign's owner-address test): the context only names the recipient then.
  const recipients = await loadRecipientContexts(
    table,
    mine.map((it) => it.contactId),
  );
  // Recovered sends that the provider already filed in Sent are recorded, not sent a second time.
  const inSent = await alreadyInSentFolder(deps, tenantId, task.accountId!, mine, (it) => leased.get(it.contactId)!);
  const transport = transportFor(deps, tenantId, account); // awaited per item: a mailbox that cannot connect pauses the task below
  const { committer: outcomes, sent, release } = shareOutcomeCommitter(deps, tenantId, taskId, task.accountId!, workerId, settings.bounceGuard);
  let finals = 0;
  let senderDown: string | undefined;
  const recording: Promise<void>[] = [];
  const sendOne = async (it: SendItemRecord) => {
    const recipient: RecipientContext = recipients.get(it.contactId) ?? {};
    // Pre-rendered content (campaigns, sequences, replies) goes as is; a plain task renders its creative.
    const rendered = it.content
      ? { subject: it.content.subject, html: it.content.html, text: it.content.text ?? htmlToText(it.content.html) }
      : renderCreativeFor(creative!, recipient);
    const messageId = leased.get(it.contactId)!;
    const message = composeMessage(deps, {
      tenantId,
      taskId,
      contactId: it.contactId,
      messageId,
      ...(it.thread ? { thread: it.thread } : {}),
      profile,
      tracking: task.tracking !== false,
      rendered,
      trackingDomain,
      to: { address: it.email!, name: [recipient.contact?.firstName, recipient.contact?.lastName].filter(Boolean).join(' ') || undefined },
      from: { address: account.email, name: account.name },
    });
    let result: SendResult;
    try {
      // The bounce guard tripped on an answer of this batch: what was not handed to SMTP yet stays QUEUED.
      if (outcomes.tripped) senderDown ??= BOUNCE_REASON;
      if (senderDown) throw Object.assign(new Error(`sender ${senderDown}`), { reason: senderDown });
      result = inSent.has(messageId)
        ? { outcome: 'accepted', code: 250, response: 'found in the Sent folder after a lost lease: not sent again', messageId }
        : await (await transport).send(message);
    } catch (e) {
      const reason = (e as { reason?: string }).reason;
      if (reason) {
        senderDown = reason;
        return unlease(deps, tenantId, it, workerId);
      }
      result = { outcome: 'deferred', code: 0, response: (e as Error).message, messageId };
    }
    const outcome: Outcome = {
      contactId: it.contactId,
      email: it.email!,
      attempts: (it.attempts ?? 0) + 1,
      result,
      provider: await providerOfAddress(deps, it.email!),
    };
    // Recorded by the next group write; the lane goes on to its next email meanwhile.
    recording.push(
      outcomes.add(outcome).then((committed) => {
        if (committed === 'final') finals++;
        return costStep('send: after outcome', () => afterCommit(deps, tenantId, taskId, outcome, committed));
      }),
    );
  };
  // As many SMTP transactions at once as the mailbox's pool has connections. A batch that runs past
  // `sending.smtpBudgetMs` (default 60 s, well inside the 120 s lease and the worker's timeout: a slow
  // or hanging server) hands its unsent items back to the queue instead of outliving its leases;
  // they were paid and keep their Message-IDs.
  const started = Date.now();
  const late: SendItemRecord[] = [];
  let next = 0;
  const lane = async () => {
    for (let k = next++; k < mine.length; k = next++) {
      if (k > 0 && Date.now() - started > deps.config.sending.smtpBudgetMs)
        late.push(mine[k]); // the first always goes: progress
      else await sendOne(mine[k]);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(SMTP_LANES, mine.length) }, lane));
    sent();
    await Promise.all(recording);
  } finally {
    release();
  }
  if (late.length) {
    await Promise.all(late.map((it) => unlease(deps, tenantId, it, workerId)));
    await requeueMany(deps, tenantId, taskId, late, 0);
  }
  if (outcomes.tripped) senderDown ??= BOUNCE_REASON;
  // Completion first: a task whose last sends tripped the guard has nothing left to pause.
  if (finals > 0) await costStep('send: completion', () => checkCompletion(deps, tenantId, taskId));
  if (senderDown) await pauseTask(deps, tenantId, task, `sender_${senderDown}`);
}

/** What follows a committed outcome: a hard bounce suppresses the address, a deferral goes back on the queue after its backoff. */
async function afterCommit(deps: Deps, tenantId: string, taskId: string, o: Outcome, committed: 'final' | 'deferred' | 'lost') {
  if (committed === 'lost') return log.warn('send recorded after the lease was lost', { taskId, messageId: o.result.messageId });
  if (o.result.outcome === 'rejected')
    await suppress(
      deps.tenantTable(tenantId),
      { email: o.email, source: 'bounce', note: `${o.result.code} ${o.result.response}`.slice(0, 300) },
      deps.clock.now(),
    );
  if (committed === 'deferred') await requeue(deps, tenantId, { taskId, contactId: o.contactId }, backoffMs(o.attempts));
}

/** A leased item that was not handed to SMTP goes back to QUEUED (nothing left the building); it keeps chargedAt and its Message-ID. */
async function unlease(deps: Deps, tenantId: string, it: SendItemRecord, workerId: string) {
  await updateItem(deps.tenantTable(tenantId), it.taskId, it.contactId, {
    set: { status: 'QUEUED', updatedAt: iso(deps) },
    remove: ['leaseUntil', 'workerId', 'smtpStartedAt'],
    add: { attempts: -1 }, // the lease counted an attempt that never happened
    condition: { expression: '#s = :sending AND workerId = :w', names: { '#s': 'status' }, values: { ':sending': 'SENDING', ':w': workerId } },
  });
}

async function cancelItem(deps: Deps, tenantId: string, it: SendItemRecord) {
  await moveItem(
    deps.tenantTable(tenantId),
    it.taskId,
    it.contactId,
    {
      set: { status: 'CANCELLED', reason: 'task_cancelled', updatedAt: iso(deps) },
      remove: ['gsi2pk', 'gsi2sk'],
      condition: { expression: '#s = :st', names: { '#s': 'status' }, values: { ':st': 'QUEUED' } },
    },
    { cancelled: 1, queued: -1 },
  );
}

const iso = (deps: Deps) => new Date(deps.clock.now()).toISOString();
