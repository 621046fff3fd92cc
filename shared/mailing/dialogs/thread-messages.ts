import { getCreativeItem, toCreative } from '../creatives/items.js';
import { loadRecipientContext } from '../creatives/recipient.js';
import { renderCreativeCopy } from '../creatives/render-copy.js';
import { assertHtmlWithinBounds, EMAIL_HTML_LIMITS } from '../../platform/html/bounds.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import { getEmailAccountItem } from '../senders/entities.js';
import { normalizeMessageId, sendItemRef } from '../sending/message-ids.js';
import { SendItem } from '../tasks/send-item.js';
import type { SendItemRecord } from '../tasks/entities.js';
import { getTaskItem } from '../tasks/task-item.js';
import type { DialogMessageRecord, DialogRecord } from './entities.js';
import { messageView, storedMessages } from './store.js';
import { kindOf, threadOrder, type MessageKind, type UntextedThreadMessage } from './thread.js';

// The thread's messages before any HTML-to-text conversion: a send-engine email without a stored text
// part keeps `text` undefined, and the reader that shows it derives it (full-thread.ts). The forward
// hands that HTML to the callable dialog_send, which builds the text part, so neither bundles the HTML
// parser and its entity tables (issue 25). The HTML is held to the email bounds here, as the
// conversion would hold it.

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

/**
 * A send-engine email's subject and body. A stored copy without a text part and HTML over the email
 * bounds is a 400 (`html`), as converting it was; a re-rendered one over them is `unavailable`.
 */
async function bodyOf(table: TableStore, item: SentItem, fallbackSubject: string) {
  if (item.content) {
    const text = item.content.text ?? undefined;
    if (text === undefined) assertHtmlWithinBounds(item.content.html, 'html', EMAIL_HTML_LIMITS);
    return { subject: item.content.subject, html: item.content.html, text, bodySource: 'stored' as const };
  }
  try {
    const task = await getTaskItem(table, item.taskId);
    const creative = task.creativeId ? await getCreativeItem(table, task.creativeId) : undefined;
    const approved = task.approval?.creativeVersion;
    if (creative && (approved === undefined || approved === null || approved === ((creative.contentVersion as number) ?? 1))) {
      const r = renderCreativeCopy(toCreative(creative), await loadRecipientContext(table, { contactId: item.contactId }));
      assertHtmlWithinBounds(r.html, 'bodyHtml', EMAIL_HTML_LIMITS);
      return { subject: r.subject, html: r.html, text: undefined, bodySource: 'rerendered' as const };
    }
  } catch {
    // The task, creative or contact is gone (or the copy is over the bounds): the headers still belong to the thread.
  }
  return { subject: fallbackSubject, html: null, text: '', bodySource: 'unavailable' as const };
}

/** The send engine's emails of the thread, as outbound messages (one BatchGet; a re-render only for plain tasks). */
async function sendEngineMessages(table: TableStore, d: DialogRecord, messages: DialogMessageRecord[]): Promise<UntextedThreadMessage[]> {
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
    hits.map(async (item): Promise<UntextedThreadMessage> => {
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
 * Every message of the dialog in thread order, both directions (bounded: the first 500 stored): the
 * send engine's emails it answers (thread.ts) and the stored inbound, compose, reply and forward
 * messages. `originals: false` skips the send-engine emails (callers that need only the stored ones).
 */
export async function threadMessages(table: TableStore, d: DialogRecord, opts: { originals?: boolean } = {}): Promise<UntextedThreadMessage[]> {
  const stored = await storedMessages(table, d.dialogId);
  const originals = opts.originals === false ? [] : await sendEngineMessages(table, d, stored);
  return threadOrder<UntextedThreadMessage>([...originals, ...stored.map((m) => ({ ...messageView(m), kind: kindOf(m) }))]);
}
