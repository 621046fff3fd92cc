import { randomBytes } from 'node:crypto';
import { isSuppressed, suppress } from '../../crm/audience/suppression.js';
import { charge, refundCharge, withBilling, type BillingBlock } from '../../workspace/billing/billing.js';
import { conflict, notFound } from '../../platform/errors.js';
import { eventsCommitted, outboxItem } from '../../platform/events/outbox.js';
import { assertHtmlWithinBounds, EMAIL_HTML_LIMITS } from '../../platform/html/bounds.js';
import { ConditionFailed, notExists, type TxOp } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { getEmailAccountItem } from '../senders/entities.js';
import { getSendingState, recordSend } from '../senders/transport.js';
import { getPhysicalAddress } from '../../workspace/settings/settings.js';
import type { DecodedAttachment } from './attachments.js';
import type { DialogBody, ForwardBody } from './send-body.js';
import { sendThroughMailbox } from './send-call.js';
import { Dialog, DialogMessage, DialogMessageId, type DialogMessageRecord, type DialogRecord } from './entities.js';
import { dialogIdOf, getDialogRecord, keepAttachments, messageIdKey, messageView, nextReferences, sha256, threadKeyOf } from './store.js';

/**
 * The body: HTML and its text part (derived from the HTML when absent), or a forward's parts. The
 * callable dialog_send builds the text part and a forward's body (send-body.ts) and answers them.
 */
export type OutboundBody = { html: string; text?: string; forward?: never } | { forward: ForwardBody };

export type OutboundInput = OutboundBody & {
  accountId: string;
  to: string;
  contactId: string | null;
  subject: string;
  attachments: DecodedAttachment[];
  /** A reply: the dialog it continues (threading headers from it); compose starts a new one. */
  dialog?: DialogRecord;
  /**
   * A forward (with `dialog`): the Message-ID of the forwarded message. Sent to a third party without
   * the thread's In-Reply-To/References and without a thread marker, so an answer from the new
   * recipient opens its own dialog; recorded on the source thread as an outbound message.
   */
  forwardOf?: string;
  /** Optional client key: the same request with the same key is answered from the first send. */
  requestKey?: string;
};

/** A send in flight for longer than this is taken over by a repeat (same Message-ID, so a copy is detectable). */
const IN_FLIGHT_MS = 120_000;

/**
 * Sends one dialog email (compose or reply) synchronously through the mailbox's SMTP, with the
 * compliance footer and List-Unsubscribe, attachments as given, and In-Reply-To/References from the
 * dialog. Repeat-safe: the request's fingerprint (mailbox, recipient, content, attachment checksums,
 * optional requestKey) is a marker written before the SMTP transaction; a repeat after success answers
 * the stored message without sending again. Charged once (email_send) per message.
 */
export async function sendDialogEmail(deps: Deps, tenantId: string, input: OutboundInput) {
  // First: HTML to convert over the email bounds is a 400 that reads, marks and charges nothing (a forward's note: forward.ts).
  const body: DialogBody = input.forward ? { forward: input.forward } : { html: input.html, text: input.text };
  if ('html' in body && body.text === undefined) assertHtmlWithinBounds(body.html, 'bodyHtml', EMAIL_HTML_LIMITS);
  const table = deps.tenantTable(tenantId);
  const account = await getEmailAccountItem(table, input.accountId);
  if (!account) throw notFound('Email account');
  const to = input.to.toLowerCase();
  const attachmentShas = input.attachments.map((a) => sha256(a.content));
  const fingerprint = sha256(
    JSON.stringify([
      input.accountId,
      to,
      input.dialog?.dialogId ?? null,
      input.subject,
      ...('html' in body ? [body.html, body.text ?? null] : [body.forward]),
      attachmentShas,
      input.requestKey ?? null,
      ...(input.forwardOf ? [`forward:${input.forwardOf}`] : []),
    ]),
  );
  const sendKey = DialogMessageId.key({ hash: `send-${fingerprint.slice(0, 40)}` });
  const prior = await table.get<{ state: string; dialogId: string; messageId: string; messageKey: string; at: string; startedAt: number }>(sendKey);
  if (prior?.state === 'SENT') return { replayed: true, dialogId: prior.dialogId, messageId: prior.messageId, ...(await storedMessage(deps, tenantId, prior)) };
  const now = deps.clock.now();
  if (prior && now - prior.startedAt < IN_FLIGHT_MS)
    throw conflict('The same email is being sent by another request; retry in a moment', { code: 'send_in_flight' });

  const state = await getSendingState(deps, tenantId, input.accountId, now);
  if (!state.sendable) throw conflict(`The mailbox cannot send now: ${state.reason}`, { code: 'sender_not_sendable', reason: state.reason });
  if (await isSuppressed(table, to)) throw conflict(`${to} is on the suppression list`, { code: 'recipient_suppressed' });
  const profile = await getPhysicalAddress(table);
  if (!profile)
    throw conflict('Set the company profile (physical address) first: every email carries it', { code: 'physical_address_missing', setting: 'companyProfile' });

  const domain = account.email.slice(account.email.lastIndexOf('@') + 1);
  const dialogId = input.dialog?.dialogId;
  const messageId = prior?.messageId ?? `<${randomBytes(9).toString('hex')}.${dialogId ?? 'new'}@${domain}>`;
  const finalDialogId = dialogId ?? dialogIdOf(input.accountId, messageId);
  const marker = {
    ...sendKey,
    entity: DialogMessageId.name,
    _v: DialogMessageId.version,
    state: 'SENDING',
    dialogId: finalDialogId,
    messageId,
    startedAt: now,
  };
  try {
    if (prior) await table.put(marker, { expression: 'startedAt = :s', values: { ':s': prior.startedAt } });
    else await table.put(marker, notExists);
  } catch (e) {
    if (e instanceof ConditionFailed) throw conflict('The same email is being sent by another request; retry in a moment', { code: 'send_in_flight' });
    throw e;
  }
  const forward = Boolean(input.dialog && input.forwardOf);
  const thread =
    input.dialog && !forward
      ? { inReplyTo: input.dialog.lastInboundMessageId ?? input.dialog.references.at(-1) ?? input.dialog.rootMessageId, references: input.dialog.references }
      : undefined;
  // Charged before SMTP (the balance must cover it, even for parallel sends) and given back when the
  // relay does not take the mail: once per attempt, so a retry after a refusal is charged afresh.
  const chargeKey = `dialog-send:${messageId}:${now}`;
  let billing: BillingBlock;
  try {
    billing = await charge(deps, tenantId, 'email_send', 1, { refId: `dialog:${messageId}`, onceKey: chargeKey });
  } catch (e) {
    await table.delete(sendKey).catch(() => undefined);
    throw e;
  }
  const giveBack = async () => {
    await refundCharge(deps, tenantId, 'email_send', 1, {
      refId: `dialog:${messageId}`,
      onceKey: `${chargeKey}:refund`,
      note: 'email not accepted by the relay',
    });
    await table.delete(sendKey).catch(() => undefined);
  };
  // Everything up to the relay's answer (the callable dialog_send, send-call.ts): a throw here (no mail went out) gives the charge back.
  const result = await sendThroughMailbox(
    deps,
    {
      tenantId,
      accountId: input.accountId,
      message: {
        tenantId,
        taskId: finalDialogId,
        contactId: input.contactId ?? 'none',
        messageId,
        ...(thread ? { thread } : {}),
        profile,
        rendered: { subject: input.subject, ...body },
        to: { address: to },
        from: { address: account.email, name: account.name },
      },
    },
    input.attachments,
  ).catch(async (e) => {
    await giveBack();
    throw e;
  });
  await recordSend(deps, tenantId, input.accountId, result, deps.clock.now()).catch(() => undefined);
  const smtp = { outcome: result.outcome, code: result.code, response: result.response.slice(0, 300) };
  if (result.outcome !== 'accepted') {
    await giveBack();
    if (result.outcome === 'rejected') {
      await suppress(table, { email: to, source: 'bounce', note: `${result.code} ${result.response}`.slice(0, 300) }, deps.clock.now());
      throw conflict(`The recipient's server refused the email: ${smtp.response}`, { code: 'recipient_rejected', smtp });
    }
    throw conflict(`The mailbox's server did not take the email now; retry later: ${smtp.response}`, { code: 'send_deferred', smtp });
  }

  const sentAt = new Date(deps.clock.now()).toISOString();
  const messageKey = sha256(messageId).slice(0, 16);
  const attachments = await keepAttachments(deps, tenantId, finalDialogId, input.attachments);
  const record: DialogMessageRecord = {
    dialogId: finalDialogId,
    messageKey,
    at: sentAt,
    direction: 'out',
    messageId,
    inReplyTo: thread?.inReplyTo ?? null,
    from: account.email,
    to,
    subject: input.subject,
    text: result.body.text,
    html: result.body.html,
    attachments,
    autoReply: false,
    classification: null,
    confidence: null,
    ...(forward ? { kind: 'forward' as const, forwardOf: input.forwardOf } : {}),
    smtp,
  };
  const references = forward ? input.dialog!.references : nextReferences(input.dialog?.references ?? [], messageId);
  const ops: TxOp[] = [
    { put: { ...marker, state: 'SENT', messageKey, at: sentAt } },
    { put: DialogMessage.item({ dialogId: finalDialogId, at: sentAt, messageKey }, { ...record }) },
    {
      update: Dialog.key({ dialogId: finalDialogId }),
      spec: {
        set: {
          lastMessageAt: sentAt,
          ...Dialog.indexKeys('byLast', { lastMessageAt: sentAt, dialogId: finalDialogId }),
          references,
          unread: false,
          updatedAt: sentAt,
        },
        setIfMissing: {
          entity: Dialog.name,
          _v: Dialog.version,
          dialogId: finalDialogId,
          accountId: input.accountId,
          email: to,
          contactId: input.contactId,
          subject: input.subject,
          rootMessageId: messageId,
          taskId: null,
          origin: null,
          classification: null,
          confidence: null,
          replyCount: 0,
          lastInboundMessageId: null,
          leadId: null,
          createdAt: sentAt,
        },
        add: { messageCount: 1 },
      },
    },
  ];
  // The thread marker of our Message-ID: an answer to it joins this dialog (not for a forward: a third party).
  if (!forward)
    ops.push({
      put: {
        ...messageIdKey(input.accountId, messageId),
        entity: DialogMessageId.name,
        _v: DialogMessageId.version,
        dialogId: finalDialogId,
        direction: 'out',
      },
    });
  if (!input.dialog) ops.push({ put: { ...threadKeyOf(input.accountId, to, input.subject), entity: 'dialog_thread_key', _v: 1, dialogId: finalDialogId } });
  if (input.dialog && !forward)
    ops.push({
      put: outboxItem(
        tenantId,
        'dialog.replied',
        {
          dialogId: finalDialogId,
          messageId,
          accountId: input.accountId,
          contactId: input.contactId,
          email: to,
          subject: input.subject,
          attachments: attachments.length,
          sentAt,
        },
        deps.clock.now(),
      ),
    });
  await table.transact(ops);
  await eventsCommitted(deps, tenantId);
  return withBilling({ replayed: false, dialogId: finalDialogId, messageId, message: messageView(record) }, billing);
}

async function storedMessage(deps: Deps, tenantId: string, prior: { dialogId: string; messageKey: string; at: string }) {
  const item = await deps
    .tenantTable(tenantId)
    .get<DialogMessageRecord>(DialogMessage.key({ dialogId: prior.dialogId, at: prior.at, messageKey: prior.messageKey }));
  return { message: item ? messageView(item) : undefined };
}

export { getDialogRecord };
