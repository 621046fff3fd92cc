import { notFound } from '../../platform/errors.js';
import { normalizeMessageId } from '../sending/message-ids.js';
import type { SendOrigin } from '../tasks/entities.js';
import type { DialogMessageRecord, DialogMessageView } from './entities.js';

/**
 * The thread as a reader sees it: the dialog's stored messages (inbound, compose, reply, forward) plus
 * the send engine's emails it answers (campaign, task or sequence step). Those are not dialog
 * messages: they are read from their send items at read time (nothing is written on the send path).
 * A pre-rendered item (campaigns, sequences) keeps its `content`; a plain task's email is rendered
 * again from its creative (deterministic per creative and contact) while the creative still has the
 * approved content version, otherwise the body is `unavailable`. Both are the body before the
 * compliance footer and tracking links were added. The types and the order are here; the reading is
 * in thread-messages.ts, the text parts of send-engine emails in full-thread.ts.
 */

export const MESSAGE_KINDS = ['received', 'sent', 'forward', 'campaign', 'task', 'sequence'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export type ThreadMessage = Omit<DialogMessageView, 'kind'> & {
  kind: MessageKind;
  bodySource?: 'stored' | 'rerendered' | 'unavailable';
  sendItem?: { taskId: string; contactId: string; status: string; origin: SendOrigin | null };
};

/** A message before its text part is derived: `text` undefined for a send-engine email whose text is its HTML's (thread-messages.ts). */
export type UntextedThreadMessage = Omit<ThreadMessage, 'text'> & { text: string | undefined };

/** What thread order and the look-up by Message-ID read of a message. */
type Ordered = Pick<ThreadMessage, 'messageId' | 'inReplyTo' | 'at'>;

export const kindOf = (m: DialogMessageRecord): MessageKind => (m.direction === 'in' ? 'received' : m.kind === 'forward' ? 'forward' : 'sent');

/** The message of the thread with this Message-ID (angle brackets optional, case-insensitive); 404 Dialog message. */
export function findThreadMessage<M extends Ordered>(messages: M[], messageId: string): M {
  const wanted = normalizeMessageId(messageId).toLowerCase();
  const m = messages.find((x) => x.messageId.toLowerCase() === wanted);
  if (!m) throw notFound('Dialog message');
  return m;
}

/**
 * Thread order: by time, except that an email never sorts after a message that answers it (a
 * reply's Date header has second precision and a foreign clock, the send item's sentAt has ms).
 */
export function threadOrder<M extends Ordered>(messages: M[]): M[] {
  const answeredAt = new Map<string, string>();
  for (const m of messages)
    if (m.inReplyTo) {
      const k = m.inReplyTo.toLowerCase();
      const prev = answeredAt.get(k);
      if (!prev || m.at < prev) answeredAt.set(k, m.at);
    }
  const keyOf = (m: M) => {
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
