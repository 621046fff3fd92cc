import { defineEntity } from '../../platform/data/entity.js';

/**
 * Tenant-table entities of dialogs (the two-way inbox).
 *
 * - dialog:        DIALOG#<dialogId> / DIALOG                 one conversation thread (gsi1: DIALOGS / <lastMessageAt>#<dialogId>: newest first)
 * - message:       DIALOG#<dialogId> / MSG#<at>#<key>         one inbound or outbound email of the thread, in time order
 * - message id:    DIALOGMSGID#<hash> / DIALOGMSGID           per (mailbox, Message-ID): the de-duplication marker of a synced message
 *                                                              (UIDVALIDITY re-syncs) and the thread lookup of emails sent by compose/reply
 * - thread key:    DIALOGTHREAD#<hash> / DIALOGTHREAD         (mailbox, counterpart, normalised subject) → dialog: the fallback when
 *                                                              an inbound email carries no known In-Reply-To/References
 * - sync cursor:   INBOXSYNC#<accountId> / INBOXSYNC          UIDVALIDITY + last UID of the mailbox's INBOX, last run and its figures
 */
export const Dialog = defineEntity({
  entity: 'dialog',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'DIALOG#${dialogId}', sk: 'DIALOG' },
    byLast: { index: 'gsi1', pk: 'DIALOGS', sk: '${lastMessageAt}#${dialogId}' },
  },
});

export const DialogMessage = defineEntity({
  entity: 'dialog_message',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'DIALOG#${dialogId}', sk: 'MSG#${at}#${messageKey}' } },
});

export const DialogMessageId = defineEntity({
  entity: 'dialog_message_id',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'DIALOGMSGID#${hash}', sk: 'DIALOGMSGID' } },
});

export const DialogThreadKey = defineEntity({
  entity: 'dialog_thread_key',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'DIALOGTHREAD#${hash}', sk: 'DIALOGTHREAD' } },
});

export const InboxSyncCursor = defineEntity({
  entity: 'inbox_sync_cursor',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'INBOXSYNC#${accountId}', sk: 'INBOXSYNC' } },
});

export const CLASSIFICATIONS = ['interested', 'not_interested', 'later', 'out_of_office', 'unsubscribe_request', 'wrong_person', 'bounce'] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];

export interface AttachmentMeta {
  filename: string;
  contentType: string;
  size: number;
  /** SHA-256 of the bytes (hex): what arrived is what was sent. */
  sha256: string;
  /** Where the bytes are kept in the tenant file store (absent when no file store is wired). */
  fileKey?: string;
}

export interface DialogRecord {
  dialogId: string;
  accountId: string;
  /** The other party's address and contact (when the address is a known contact). */
  email: string;
  contactId: string | null;
  subject: string;
  /** Message-ID the thread started with (our first outbound email, or the first inbound one). */
  rootMessageId: string;
  /** The outbound email the conversation answers: send task, campaign/sequence origin. */
  taskId: string | null;
  origin: { kind: string; id: string; step?: number } | null;
  unread: boolean;
  classification: Classification | null;
  confidence: number | null;
  messageCount: number;
  /** Real replies from the other party (auto-replies excluded). */
  replyCount: number;
  lastMessageAt: string;
  lastInboundMessageId: string | null;
  /** References of the thread so far (for our next reply), newest last, bounded. */
  references: string[];
  leadId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DialogMessageRecord {
  dialogId: string;
  messageKey: string;
  /** Thread order (ISO): never before the message it follows. */
  at: string;
  /** Inbound: the Date header. */
  date?: string;
  direction: 'in' | 'out';
  messageId: string;
  inReplyTo: string | null;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: AttachmentMeta[];
  autoReply: boolean;
  classification: Classification | null;
  confidence: number | null;
  /** Inbound: how sync classified it (`ai` is paid: ai_generation) and, when the rules answered instead of the AI, why (insufficient_balance, ai_unavailable). */
  classificationMethod?: 'rules' | 'ai';
  aiSkipped?: 'insufficient_balance' | 'ai_unavailable';
  /** Outbound: `forward` for a forward to a third party (no threading headers; `forwardOf` names the forwarded message). */
  kind?: 'forward';
  forwardOf?: string;
  /** Inbound: the IMAP UID it was read at; outbound: the SMTP answer. */
  uid?: number;
  smtp?: { outcome: string; code: number; response: string };
}
