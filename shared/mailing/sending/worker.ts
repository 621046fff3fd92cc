import { log } from '../../platform/runtime/logger.js';
import { costStep } from '../../platform/runtime/cost-step.js';
import { newMessageId } from './compose.js';
import type { Lease } from './items.js';
import { shareOutcomeCommitter, type Outcome } from './outcomes.js';
import type { RecipientContext, SendItemRecord, SendResult, SendStore } from './port.js';
import { BOUNCE_REASON, LEASE_MS, backoffMs } from './settings.js';

/** SMTP transactions of one batch at a time: the pooled transport's connections per mailbox (shared/mailing/senders/smtp.ts). */
const SMTP_LANES = 2;
/** Items leased in one write call (shared/platform/adapters/dynamodb/table-store.ts writeEach: 25 statements a call). */
const LEASE_GROUP = 25;

/**
 * Sends a batch of one task's items (the `send` message: one contact, or up to SEND_BATCH). Idempotent:
 * only QUEUED items of an ACTIVE task are sent. Order: gates for the batch (window, sender state and
 * what is left of the daily cap, per-mailbox slot) → paid sends from the task's prepaid pool (one
 * conditional write for the batch; shared/mailing/sending/prepaid.ts) → leases (QUEUED → SENDING with
 * leaseUntil, workerId, the Message-ID, chargedAt and smtpStartedAt: one conditional write per item,
 * LEASE_GROUP items a call, each group as the lanes reach it) → render and compose → SMTP, in parallel
 * over the mailbox's pooled transport → outcomes, group-committed as they arrive (items, task
 * counters and the mailbox day row in one transaction: shared/mailing/sending/outcomes.ts). Per batch
 * the reads (task, settings, mailbox, day row, items, contacts, creative) happen once. See docs/sending.md for the exactly-once argument.
 * Items a dead local runtime instance held (SENDING under its lease: the message came back to a
 * restarted runtime) are recovered first, as the sweep would once their leases ran out. Everything
 * outside this process goes through `store` (port.ts; over DynamoDB and the domains: store.ts).
 */
export async function sendItems(store: SendStore, taskId: string, contactIds: string[]) {
  const { task, items: found } = await store.loadBatch(taskId, contactIds);
  const recovered = await Promise.all(found.filter((i) => i.status === 'SENDING').map((it) => store.recoverLease(it)));
  const queued = [...found.filter((i) => i.status === 'QUEUED'), ...recovered.filter((i) => i !== undefined)];
  if (!task || !queued.length) return;
  if (task.status === 'CANCELLED') {
    await Promise.all(queued.map((it) => store.cancelQueued(it)));
    return void (await store.checkCompletion(taskId)); // settles the units those items held
  }
  if (task.status !== 'ACTIVE') return; // PAUSED: resume puts the QUEUED items back on the queue
  const slotAt = store.now();
  const settings = await store.settings(); // one Query for the window, interval, profile and tracking domain
  const gate = await costStep('send: gates', () => store.gate(task, settings, queued.length, slotAt));
  if (gate === 'paused') return;
  // Items already paid (a retry after a deferral or a recovered lease) go first: they cost nothing.
  const ordered = [...queued.filter((i) => i.chargedAt), ...queued.filter((i) => !i.chargedAt)];
  const waiting = ordered.slice(gate.go);
  await costStep('send: requeue', async () => {
    if (gate.staggered) await Promise.all(waiting.map((it, k) => store.requeue(it, gate.waitMs * (k + 1))));
    else await store.requeueMany(taskId, waiting, gate.waitMs);
  });
  const workerId = store.workerId;
  let go = ordered.slice(0, gate.go);
  // Content drift: an email that was not approved is never sent. The creative edited since approval
  // pauses the task and resets its approval (approve again, then resume); nothing of this batch is
  // leased or charged, the items stay QUEUED for the resume. Read only when something is about to go.
  const render = await store.content(
    task,
    go.some((it) => !it.content),
  );
  if (render === 'drifted') return store.pauseTask(task, 'creative_changed', { approvalStatus: 'PENDING', approvalResetReason: 'creative_changed' });
  const unpaid = go.filter((i) => !i.chargedAt).length;
  const paid = unpaid ? await costStep('send: charge', () => store.takePaidSends(taskId, unpaid)) : 0;
  if (paid < unpaid) {
    go = go.slice(0, go.length - (unpaid - paid)); // the unpaid rest stays QUEUED: resume after a credit re-queues it
    await store.pauseTask(task, 'insufficient_balance');
  }
  if (!go.length || !gate.account) return;
  const account = gate.account;
  const profile = settings.companyProfile;
  if (!profile) {
    await costStep('send: charge', () => store.returnPaidSends(taskId, paid)); // nothing is leased: the units go back
    return store.pauseTask(task, 'physical_address_missing');
  }
  const messageIds = new Map(go.map((it) => [it.contactId, it.messageId ?? newMessageId(taskId, it.contactId, account.email)]));
  // Leased a group at a time as the lanes reach it, not the whole batch up front: a kill leaves at most
  // LEASE_GROUP leased-but-unsent items per batch to recover as ambiguous, whatever SEND_BATCH is.
  const leased = new Set<string>();
  const groupOf = (k: number) => Math.floor(k / LEASE_GROUP);
  const leaseGroups: Promise<void>[] = [];
  const leaseGroup = (g: number) =>
    (leaseGroups[g] ??= costStep('send: lease', async () => {
      const leases: Lease[] = go
        .slice(g * LEASE_GROUP, (g + 1) * LEASE_GROUP)
        .map((it) => ({ contactId: it.contactId, messageId: messageIds.get(it.contactId)!, paying: !it.chargedAt }));
      const at = store.now();
      const got = await store.lease(taskId, leases, { leaseUntil: at + LEASE_MS, workerId, slotAt, now: at, at: new Date(at).toISOString() });
      for (const contactId of got.keys()) leased.add(contactId);
    }));
  const trackingDomain = settings.defaultTrackingDomain ? await store.trackingDomain(settings.defaultTrackingDomain) : null;
  // Pre-rendered items may address someone who is no contact (a campaign's owner-address test): the context only names the recipient then.
  const recipients = await store.recipients(go.map((it) => it.contactId));
  // Recovered sends that the provider already filed in Sent are recorded, not sent a second time.
  const inSent = await store.inSentFolder(task.accountId!, go, (it) => messageIds.get(it.contactId)!);
  const transport = store.transport(account); // awaited per item: a mailbox that cannot connect pauses the task below
  const { committer: outcomes, sent, release } = shareOutcomeCommitter(store, taskId, task.accountId!, workerId, settings.bounceGuard);
  let finals = 0;
  let senderDown: string | undefined;
  const recording: Promise<void>[] = [];
  const sendOne = async (it: SendItemRecord) => {
    const recipient: RecipientContext = recipients.get(it.contactId) ?? {};
    const rendered = render(it, recipient);
    const messageId = messageIds.get(it.contactId)!;
    const message = store.compose({
      tenantId: store.tenantId,
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
        return store.unlease(it, workerId);
      }
      result = { outcome: 'deferred', code: 0, response: (e as Error).message, messageId };
    }
    const outcome: Outcome = {
      contactId: it.contactId,
      email: it.email!,
      attempts: (it.attempts ?? 0) + 1,
      result,
      provider: await store.providerOf(it.email!),
    };
    // Recorded by the next group write; the lane goes on to its next email meanwhile.
    recording.push(
      outcomes.add(outcome).then((committed) => {
        if (committed === 'final') finals++;
        return costStep('send: after outcome', () => afterCommit(store, taskId, outcome, committed));
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
    for (let k = next++; k < go.length; k = next++) {
      const it = go[k];
      const group = leaseGroups[groupOf(k)];
      if (k > 0 && Date.now() - started > store.smtpBudgetMs) {
        // The first always goes: progress. Ours and those of a group never leased go back; another worker's are its own.
        if (group) await group;
        if (!group || leased.has(it.contactId)) late.push(it);
        continue;
      }
      // A sender that went down or a tripped guard leases nothing more: the rest stays QUEUED for the resume.
      if (!senderDown && !outcomes.tripped) await leaseGroup(groupOf(k));
      if (leased.has(it.contactId)) await sendOne(it); // else another worker holds it (a duplicate message, the sweep)
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(SMTP_LANES, go.length) }, lane));
    sent();
    await Promise.all(recording);
  } finally {
    release();
  }
  // Units taken for items this batch never leased (held by another worker, or left for the resume) go back.
  const unused = go.filter((it) => !it.chargedAt && !leased.has(it.contactId)).length;
  if (unused) await costStep('send: charge', () => store.returnPaidSends(taskId, unused));
  if (late.length) {
    await Promise.all(late.filter((it) => leased.has(it.contactId)).map((it) => store.unlease(it, workerId)));
    await store.requeueMany(taskId, late, 0);
  }
  if (outcomes.tripped) senderDown ??= BOUNCE_REASON;
  // Completion first: a task whose last sends tripped the guard has nothing left to pause.
  if (finals > 0) await costStep('send: completion', () => store.checkCompletion(taskId));
  if (senderDown) await store.pauseTask(task, `sender_${senderDown}`);
}

/** What follows a committed outcome: a hard bounce suppresses the address, a deferral goes back on the queue after its backoff. */
async function afterCommit(store: SendStore, taskId: string, o: Outcome, committed: 'final' | 'deferred' | 'lost') {
  if (committed === 'lost') return log.warn('send recorded after the lease was lost', { taskId, messageId: o.result.messageId });
  if (o.result.outcome === 'rejected') await store.suppressBounce(o.email, `${o.result.code} ${o.result.response}`.slice(0, 300));
  if (committed === 'deferred') await store.requeue({ taskId, contactId: o.contactId }, backoffMs(o.attempts));
}
