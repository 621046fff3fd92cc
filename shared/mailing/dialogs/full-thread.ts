import { htmlToText } from '../creatives/text-part.js';
import { notFoundMessage } from '../../platform/errors.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import { Dialog } from './entities.js';
import { dialogView, requireDialog } from './store.js';
import { findThreadMessage, type ThreadMessage } from './thread.js';
import { threadMessages } from './thread-messages.js';

// The thread as its readers show it: apart from dialogs.ts, since re-rendering a plain task's email
// takes the creative renderer and the HTML-to-text conversion, which listing, classifying and lead
// creation do not need (issue 25).

/**
 * The dialog with every message in thread order, both directions (thread-messages.ts), each with its
 * text part (a send-engine email's derived from its HTML, as the send derived it); attachments listed
 * by name, type, size and checksum. `originals: false` skips the send-engine emails.
 */
export async function getThread(table: TableStore, dialogId: string, opts: { markRead?: boolean; originals?: boolean } = {}) {
  const d = await requireDialog(table, dialogId);
  const messages = (await threadMessages(table, d, opts)).map((m): ThreadMessage => ({ ...m, text: m.text ?? (m.html === null ? '' : htmlToText(m.html)) }));
  if (opts.markRead && d.unread) await table.update(Dialog.key({ dialogId }), { set: { unread: false } }).catch(() => undefined);
  return { ...dialogView(d), ...(opts.markRead ? { unread: false } : {}), messages };
}

/**
 * The HTML version of one message of the thread (by Message-ID, as getThread lists it: stored messages
 * and the send-engine emails the thread answers). 404 Dialog / Dialog message; 404 too when the message
 * has no HTML version (a text-only email, or a send-engine body no longer available).
 */
export async function getThreadMessageHtml(table: TableStore, dialogId: string, messageId: string) {
  const m = findThreadMessage(await threadMessages(table, await requireDialog(table, dialogId)), messageId);
  if (!m.html) throw notFoundMessage('The message has no HTML version', { code: 'no_html_version' });
  return m.html;
}
