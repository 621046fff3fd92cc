import type { AddressObject, ParsedMail } from 'mailparser';
import { suppress } from '../../crm/audience/suppression.js';
import { findContactsByEmail } from '../../crm/contacts/contacts.js';
import { eventsCommitted, outboxItem } from '../../platform/events/outbox.js';
import { ConditionFailed, notExists, type TableStore, type TxOp } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { applyDsn, normalizeMessageId, parseDsn, sendItemOfMessageId } from '../sending/bounces.js';
import { itemKey } from '../sending/items.js';
import { stopEnrolmentsOf } from '../sequences/stop.js';
import { counterAdds } from '../tasks/tasks.js';
import { Task } from '../tasks/entities.js';
import { dayCounterAttr, providerOfAddress } from '../deliverability/matrix.js';
import { SenderDay, utcDay } from '../senders/entities.js';
import { classifyIncoming } from './classify.js';
import { Dialog, DialogMessage, type DialogMessageRecord, type DialogRecord } from './entities.js';
import { dialogIdOf, getDialogRecord, keepAttachments, messageIdKey, nextReferences, sha256, threadKeyOf } from './store.js';

export type IngestOutcome = 'stored' | 'duplicate' | 'dsn' | 'own' | 'unparsable';

const firstAddress = (a: AddressObject | AddressObject[] | undefined) => (Array.isArray(a) ? a[0] : a)?.value?.[0]?.address?.toLowerCase() ?? '';

function headerMap(mail: ParsedMail): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of mail.headerLines ?? []) {
    const i = line.line.indexOf(':');
    if (i > 0 && !(line.key in out)) out[line.key] = line.line.slice(i + 1).trim();
  }
  return out;
}

/** In-Reply-To first, then References newest to oldest: the nearest known message wins. */
function referencesOf(mail: ParsedMail): string[] {
  const refs = typeof mail.references === 'string' ? [mail.references] : (mail.references ?? []);
  const irt = (mail.inReplyTo ?? '').match(/<[^>\s]+>/g) ?? [];
  return [...new Set([...irt, ...[...refs].reverse()].map(normalizeMessageId))].slice(0, 30);
}

interface Thread {
  dialogId: string;
  rootMessageId: string;
  existing?: DialogRecord;
  taskId: string | null;
  contactId: string | null;
  origin: DialogRecord['origin'];
}

/** Which dialog an inbound email belongs to: our stored Message-IDs, then subject + participants, else a new thread. */
async function resolveThread(
  table: TableStore,
  accountId: string,
  mail: ParsedMail,
  messageId: string,
  from: string,
  known: Map<string, { dialogId?: string }>,
): Promise<Thread> {
  for (const ref of referencesOf(mail)) {
    const marker = known.get(messageIdKey(accountId, ref).pk);
    const d = marker?.dialogId ? await getDialogRecord(table, marker.dialogId) : undefined;
    if (d) return { dialogId: d.dialogId, rootMessageId: d.rootMessageId, existing: d, taskId: d.taskId, contactId: d.contactId, origin: d.origin };
    const item = await sendItemOfMessageId(table, ref);
    if (item) {
      // A follow-up step continues the thread of the first email: the thread's root names the dialog.
      const root = item.thread?.references?.[0] ?? item.messageId!;
      const dialogId = dialogIdOf(accountId, root);
      const existing = await getDialogRecord(table, dialogId);
      return { dialogId, rootMessageId: root, existing, taskId: item.taskId, contactId: item.contactId, origin: item.origin ?? null };
    }
  }
  const byKey = known.get(threadKeyOf(accountId, from, mail.subject ?? '').pk);
  const d = byKey?.dialogId ? await getDialogRecord(table, byKey.dialogId) : undefined;
  if (d) return { dialogId: d.dialogId, rootMessageId: d.rootMessageId, existing: d, taskId: d.taskId, contactId: d.contactId, origin: d.origin };
  return { dialogId: dialogIdOf(accountId, messageId), rootMessageId: messageId, taskId: null, contactId: null, origin: null };
}

/**
 * Stores one synced email: a DSN goes to the send engine's bounce handling; our own copies are
 * skipped; anything else becomes a dialog message (de-duplicated per mailbox by Message-ID, so a
 * UIDVALIDITY re-sync adds nothing), classified, with `dialog.received` in the same transaction. A
 * first real reply (not an auto-reply) stamps `repliedAt` on the send item it answers and adds 1 to
 * that task's `replied` counter (one transaction), stops the contact's sequences, and an
 * unsubscribe request suppresses the address.
 */
/** Per sync run: contact look-ups by address (one query per address, not per message); events nudged once per batch. */
export interface IngestRun {
  contacts: Map<string, Promise<string | null>>;
  deferNudge: boolean;
}

export async function ingestMessage(
  deps: Deps,
  tenantId: string,
  account: { id: string; email: string },
  raw: Buffer,
  uid?: number,
  run: IngestRun = { contacts: new Map(), deferNudge: false },
): Promise<IngestOutcome> {
  const table = deps.tenantTable(tenantId);
  // Loaded here, not at import: mailparser's charset tables and link matcher cost the dialogs functions ~80 ms of CPU at a cold start.
  const { simpleParser } = await import('mailparser');
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  } catch {
    return 'unparsable';
  }
  const from = firstAddress(mail.from);
  if (from && from === account.email.toLowerCase()) return 'own';
  const dsn = parseDsn(mail, raw);
  if (dsn) {
    const hit = await applyDsn(table, dsn, deps.clock.now());
    if (hit && 'contactId' in hit && hit.contactId) await stopEnrolmentsOf(deps, tenantId, hit.contactId, 'bounced', `dsn_${dsn.status}`);
    return 'dsn';
  }
  const messageId = mail.messageId ? normalizeMessageId(mail.messageId) : `<${sha256(raw).slice(0, 32)}@inbox.svc>`;
  // One round trip for the duplicate check, every referenced Message-ID we know and the thread key.
  const keys = [
    messageIdKey(account.id, messageId),
    ...referencesOf(mail).map((r) => messageIdKey(account.id, r)),
    threadKeyOf(account.id, from, mail.subject ?? ''),
  ];
  const unique = [...new Map(keys.map((k) => [k.pk, k])).values()];
  const known = new Map((await table.batchGet<{ pk: string; dialogId?: string }>(unique)).map((i) => [i.pk, i]));
  if (known.has(keys[0].pk)) return 'duplicate';
  const thread = await resolveThread(table, account.id, mail, messageId, from, known);
  if (from && !run.contacts.has(from))
    run.contacts.set(
      from,
      findContactsByEmail(table, from).then((cs) => cs[0]?.id ?? null),
    );
  const contactId = thread.contactId ?? (from ? await run.contacts.get(from)! : null);
  const headers = headerMap(mail);
  const text = (mail.text ?? '').slice(0, 100_000);
  const messageKey = sha256(messageId).slice(0, 16);
  const verdict = await classifyIncoming(
    deps,
    tenantId,
    { from, subject: mail.subject ?? '', text, headers },
    { refId: `classify:${thread.dialogId}`, onceKey: `classify-in:${account.id}:${messageKey}` },
  );
  const now = deps.clock.now();
  const received = mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : new Date(now);
  const date = received.toISOString();
  // Thread order: a message never sorts before the thread's latest one (Date headers have second precision and foreign clocks).
  const at = thread.existing && thread.existing.lastMessageAt >= date ? new Date(Date.parse(thread.existing.lastMessageAt) + 1).toISOString() : date;
  const attachments = await keepAttachments(
    deps,
    tenantId,
    thread.dialogId,
    (mail.attachments ?? []).map((a) => ({ filename: a.filename ?? 'attachment', contentType: a.contentType, content: a.content })),
  );
  const message: DialogMessageRecord = {
    dialogId: thread.dialogId,
    messageKey,
    at,
    date,
    direction: 'in',
    messageId,
    inReplyTo: referencesOf(mail)[0] ?? null,
    from,
    to: firstAddress(mail.to) || account.email,
    subject: (mail.subject ?? '').slice(0, 998),
    text,
    html: typeof mail.html === 'string' ? mail.html.slice(0, 200_000) : null,
    attachments,
    autoReply: verdict.autoReply,
    classification: verdict.classification,
    confidence: verdict.confidence,
    classificationMethod: verdict.method,
    ...(verdict.aiSkipped ? { aiSkipped: verdict.aiSkipped } : {}),
    ...(uid !== undefined ? { uid } : {}),
  };
  const real = !verdict.autoReply;
  const d = thread.existing;
  const last = d && d.lastMessageAt > at ? d.lastMessageAt : at;
  const nowIso = new Date(now).toISOString();
  const dialogSet: Record<string, unknown> = {
    lastMessageAt: last,
    ...Dialog.indexKeys('byLast', { lastMessageAt: last, dialogId: thread.dialogId }),
    unread: true,
    lastInboundMessageId: messageId,
    references: nextReferences(d?.references ?? [thread.rootMessageId], messageId),
    updatedAt: nowIso,
    ...(contactId && !d?.contactId ? { contactId } : {}),
    // An auto-reply never overrides what a real answer said.
    ...(real || !d?.classification ? { classification: verdict.classification, confidence: verdict.confidence } : {}),
  };
  const create: Omit<DialogRecord, keyof typeof dialogSet | 'messageCount' | 'replyCount'> & Record<string, unknown> = {
    entity: Dialog.name,
    _v: Dialog.version,
    dialogId: thread.dialogId,
    accountId: account.id,
    email: from,
    contactId,
    subject: (mail.subject ?? '').slice(0, 998),
    rootMessageId: thread.rootMessageId,
    taskId: thread.taskId,
    origin: thread.origin,
    leadId: null,
    createdAt: nowIso,
  };
  for (const k of Object.keys(dialogSet)) delete create[k];
  const event = outboxItem(
    tenantId,
    'dialog.received',
    {
      dialogId: thread.dialogId,
      messageId,
      accountId: account.id,
      contactId,
      email: from,
      subject: message.subject,
      classification: verdict.classification,
      confidence: verdict.confidence,
      autoReply: verdict.autoReply,
      taskId: thread.taskId,
      origin: thread.origin,
      receivedAt: date,
    },
    now,
  );
  const base: TxOp[] = [
    { put: { ...messageIdKey(account.id, messageId), entity: 'dialog_message_id', _v: 1, dialogId: thread.dialogId, direction: 'in' }, condition: notExists },
    { put: DialogMessage.item({ dialogId: thread.dialogId, at, messageKey }, { ...message }) },
    {
      update: Dialog.key({ dialogId: thread.dialogId }),
      spec: { set: dialogSet, setIfMissing: create, add: { messageCount: 1, replyCount: real ? 1 : 0 } },
    },
    { put: event },
  ];
  if (!d) base.push({ put: { ...threadKeyOf(account.id, from, mail.subject ?? ''), entity: 'dialog_thread_key', _v: 1, dialogId: thread.dialogId } });
  // The recipient's first real reply: stamped on the send item it answers, counted once on its task and
  // once in the deliverability matrix (the mailbox's day row, `dlv_<provider>_replied`, in the same
  // transaction, so the repliedAt condition keeps both counts to one per recipient).
  const counted = real && thread.taskId && contactId;
  const day = utcDay(now);
  const replied: TxOp[] = counted
    ? [
        {
          update: itemKey(thread.taskId!, contactId),
          spec: { set: { repliedAt: at }, condition: { expression: 'attribute_exists(pk) AND attribute_not_exists(repliedAt)' } },
        },
        { update: Task.key({ taskId: thread.taskId! }), spec: { add: counterAdds({ replied: 1 }), condition: { expression: 'attribute_exists(pk)' } } },
        {
          update: SenderDay.key({ accountId: account.id, day }),
          spec: {
            add: { [dayCounterAttr(await providerOfAddress(deps, from), 'replied')]: 1 },
            setIfMissing: { entity: SenderDay.name, _v: SenderDay.version, accountId: account.id, day },
          },
        },
      ]
    : [];
  try {
    await table.transact([...base, ...replied]);
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
    if (e.index === 0) return 'duplicate';
    if (!replied.length) throw e;
    // Already replied before (or the item is gone): store the message without counting again.
    try {
      await table.transact(base);
    } catch (e2) {
      if (e2 instanceof ConditionFailed && e2.index === 0) return 'duplicate';
      throw e2;
    }
  }
  if (!run.deferNudge) await eventsCommitted(deps, tenantId);
  if (verdict.classification === 'unsubscribe_request' && from) {
    await suppress(table, { email: from, source: 'unsubscribe', note: `asked in a reply (dialog ${thread.dialogId})` }, now);
    if (contactId) await stopEnrolmentsOf(deps, tenantId, contactId, 'unsubscribed', 'unsubscribe_request');
  }
  if (real && contactId) await stopEnrolmentsOf(deps, tenantId, contactId, 'replied', `reply ${messageId}`);
  log.debug('dialog message stored', { dialogId: thread.dialogId, autoReply: verdict.autoReply });
  return 'stored';
}
