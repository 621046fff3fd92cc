import { getCreativeItem, toCreative } from '../creatives/items.js';
import { htmlToText, renderCreativeFor } from '../creatives/render.js';
import { loadRecipientContext } from '../creatives/recipient.js';
import { notFoundMessage } from '../../platform/errors.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import { getEmailAccountItem } from '../senders/entities.js';
import { normalizeMessageId, sendItemRef } from '../sending/message-ids.js';
import { SendItem } from '../tasks/send-item.js';
import type { SendItemRecord } from '../tasks/entities.js';
import { getTaskItem } from '../tasks/task-item.js';
import { Dialog, type DialogMessageRecord, type DialogRecord } from './entities.js';
import { dialogView, messageView, requireDialog, storedMessages } from './store.js';
import { findThreadMessage, kindOf, threadOrder, type MessageKind, type ThreadMessage } from './thread.js';

// The thread with the send engine's emails it answers (thread.ts): apart from dialogs.ts, since re-rendering
// a plain task's email takes the creative renderer and the HTML-to-text libraries, which listing,
// classifying and lead creation do not need (issue 25).

/** At most this many send-engine emails per thread (a sequence has a handful of steps). */
const MAX_ORIGINALS = 25;

/** Send-engine Message-IDs the thread names (root, references, In-Reply-To of its messages) that are no stored message. */
function originalIds(d: DialogRecord, messages: DialogMessageRecord[]) {
  const stored = new Set(messages.map((m) => m.messageId.toLowerCase()));
  const ids = new Map<string, string>();
  for (const id of [d.rootMessageId, ...(d.references ?? []), ...messages.map((m) => m.inReplyTo)]) {
    if (!id) continue;
    const n = normalizeMessageId(id);
    if (!stored.has(n.toLowerCase()) && sendItemRef(n) && !ids.has(n.toLowerCase())) ids.set(n.toLowerCase(), n);
  }
  return [...ids.values()].slice(0, MAX_ORIGINALS);
}

type SentItem = SendItemRecord & { sentAt?: string };

async function bodyOf(table: TableStore, item: SentItem, fallbackSubject: string) {
  if (item.content)
    return { subject: item.content.subject, html: item.content.html, text: item.content.text ?? htmlToText(item.content.html), bodySource: 'stored' as const };
  try {
    const task = await getTaskItem(table, item.taskId);
    const creative = task.creativeId ? await getCreativeItem(table, task.creativeId) : undefined;
    const approved = task.approval?.creativeVersion;
    if (creative && (approved === undefined || approved === null || approved === ((creative.contentVersion as number) ?? 1))) {
      const r = renderCreativeFor(toCreative(creative), await loadRecipientContext(table, { contactId: item.contactId }));
      return { subject: r.subject, html: r.html, text: r.text, bodySource: 'rerendered' as const };
    }
  } catch {
    // The task, creative or contact is gone: the headers still belong to the thread.
  }
  return { subject: fallbackSubject, html: null, text: '', bodySource: 'unavailable' as const };
}

/** The send engine's emails of the thread, as outbound messages (one BatchGet; a re-render only for plain tasks). */
export async function sendEngineMessages(table: TableStore, d: DialogRecord, messages: DialogMessageRecord[]): Promise<ThreadMessage[]> {
  const ids = originalIds(d, messages);
  if (!ids.length) return [];
  const refs = ids.map((id) => ({ id, ref: sendItemRef(id)! }));
  const items = await table.batchGet<SentItem>(refs.map((r) => SendItem.key({ taskId: r.ref.taskId, contactId: r.ref.contactId })));
  const byId = new Map(items.filter((i) => i.messageId && i.sentAt).map((i) => [i.messageId!.toLowerCase(), i]));
  const hits = refs.map((r) => byId.get(r.id.toLowerCase())).filter((i): i is SentItem => Boolean(i));
  if (!hits.length) return [];
  const account = await getEmailAccountItem(table, d.accountId).catch(() => undefined);
  const baseSubject = d.subject.replace(/^\s*((re|aw|sv|antw)\s*:\s*)+/i, '');
  return Promise.all(
    hits.map(async (item): Promise<ThreadMessage> => {
      const body = await bodyOf(table, item, baseSubject);
      const kind: MessageKind = item.origin?.kind === 'campaign' ? 'campaign' : item.origin?.kind === 'sequence' ? 'sequence' : 'task';
      return {
        dialogId: d.dialogId,
        messageKey: `send-${item.taskId}-${item.contactId}`,
        at: item.sentAt!,
        direction: 'out',
        kind,
        messageId: item.messageId!,
        inReplyTo: item.thread?.inReplyTo ?? null,
        from: account?.email ?? '',
        to: item.email ?? d.email,
        subject: body.subject,
        text: body.text,
        html: body.html,
        attachments: [],
        autoReply: false,
        classification: null,
        confidence: null,
        bodySource: body.bodySource,
        sendItem: { taskId: item.taskId, contactId: item.contactId, status: item.status, origin: item.origin ?? null },
      };
    }),
  );
}

/**
 * The dialog with every message in thread order, both directions (bounded: the first 500 stored):
 * the send engine's emails it answers (campaign, task, sequence step; read from their send items, see
 * thread.ts) and the stored inbound, compose, reply and forward messages; attachments listed by name,
 * type, size and checksum. `originals: false` skips the send-engine emails (callers that need only the
 * stored messages).
 */
export async function getThread(table: TableStore, dialogId: string, opts: { markRead?: boolean; originals?: boolean } = {}) {
  const d = await requireDialog(table, dialogId);
  const stored = await storedMessages(table, dialogId);
  const originals = opts.originals === false ? [] : await sendEngineMessages(table, d, stored);
  const messages = threadOrder([...originals, ...stored.map((m): ThreadMessage => ({ ...messageView(m), kind: kindOf(m) }))]);
  if (opts.markRead && d.unread) await table.update(Dialog.key({ dialogId }), { set: { unread: false } }).catch(() => undefined);
  return { ...dialogView(d), ...(opts.markRead ? { unread: false } : {}), messages };
}

/**
 * The HTML version of one message of the thread (by Message-ID, as getThread lists it: stored messages
 * and the send-engine emails the thread answers). 404 Dialog / Dialog message; 404 too when the message
 * has no HTML version (a text-only email, or a send-engine body no longer available).
 */
export async function getThreadMessageHtml(table: TableStore, dialogId: string, messageId: string) {
  const { messages } = await getThread(table, dialogId);
  const m = findThreadMessage(messages, messageId);
  if (!m.html) throw notFoundMessage('The message has no HTML version', { code: 'no_html_version' });
  return m.html;
}
