import { getCreativeItem, toCreative } from '../creatives/creatives.js';
import { htmlToText, loadRecipientContext, renderCreativeFor } from '../creatives/render.js';
import { notFound } from '../errors.js';
import type { TableStore } from '../ports/table-store.js';
import { getEmailAccountItem } from '../senders/entities.js';
import { normalizeMessageId, sendItemRef } from '../sending/bounces.js';
import { itemKey } from '../sending/items.js';
import type { SendItemRecord } from '../tasks/entities.js';
import { getTaskItem } from '../tasks/tasks.js';
import type { DialogMessageRecord, DialogRecord } from './entities.js';

/**
 * The thread as a reader sees it: the dialog's stored messages (inbound, compose, reply, forward) plus
 * the send engine's emails it answers (campaign, task or sequence step). Those are not dialog
 * messages: they are read from their send items at read time (nothing is written on the send path).
 * A pre-rendered item (campaigns, sequences) keeps its `content`; a plain task's email is rendered
 * again from its creative (deterministic per creative and contact) while the creative still has the
 * approved content version, otherwise the body is `unavailable`. Both are the body before the
 * compliance footer and tracking links were added.
 */

export type MessageKind = 'received' | 'sent' | 'forward' | 'campaign' | 'task' | 'sequence';
export type ThreadMessage = Omit<DialogMessageRecord, 'kind'> & {
  kind: MessageKind;
  bodySource?: 'stored' | 'rerendered' | 'unavailable';
  sendItem?: { taskId: string; contactId: string; status: string; origin: SendItemRecord['origin'] | null };
};

/** At most this many send-engine emails per thread (a sequence has a handful of steps). */
const MAX_ORIGINALS = 25;

export const kindOf = (m: DialogMessageRecord): MessageKind => (m.direction === 'in' ? 'received' : m.kind === 'forward' ? 'forward' : 'sent');

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
  const items = await table.batchGet<SentItem>(refs.map((r) => itemKey(r.ref.taskId, r.ref.contactId)));
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

/** The message of the thread with this Message-ID (angle brackets optional, case-insensitive); 404 Dialog message. */
export function findThreadMessage(messages: ThreadMessage[], messageId: string): ThreadMessage {
  const wanted = normalizeMessageId(messageId).toLowerCase();
  const m = messages.find((x) => x.messageId.toLowerCase() === wanted);
  if (!m) throw notFound('Dialog message');
  return m;
}

/**
 * Thread order: by time, except that an email never sorts after a message that answers it (a
 * reply's Date header has second precision and a foreign clock, the send item's sentAt has ms).
 */
export function threadOrder(messages: ThreadMessage[]): ThreadMessage[] {
  const answeredAt = new Map<string, string>();
  for (const m of messages)
    if (m.inReplyTo) {
      const k = m.inReplyTo.toLowerCase();
      const prev = answeredAt.get(k);
      if (!prev || m.at < prev) answeredAt.set(k, m.at);
    }
  const keyOf = (m: ThreadMessage) => {
    const answered = answeredAt.get(m.messageId.toLowerCase());
    return answered && answered <= m.at ? answered : m.at;
  };
  const lc = (s: string | null) => s?.toLowerCase();
  return messages
    .map((m, i) => ({ m, i, k: keyOf(m) }))
    .sort((a, b) => {
      if (a.k !== b.k) return a.k < b.k ? -1 : 1;
      if (lc(b.m.inReplyTo) === lc(a.m.messageId)) return -1;
      if (lc(a.m.inReplyTo) === lc(b.m.messageId)) return 1;
      return a.m.at < b.m.at ? -1 : a.m.at > b.m.at ? 1 : a.i - b.i;
    })
    .map((x) => x.m);
}
