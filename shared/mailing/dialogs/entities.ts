import * as z from 'zod';
import { defineEntity, type ItemOf, type OutputOf } from '../../platform/data/entity.js';

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
 *
 * Dialogs and their messages declare their attributes: what the dialogs operations answer (`Dialog.output`, `DialogMessage.output`).
 */
export const CLASSIFICATIONS = ['interested', 'not_interested', 'later', 'out_of_office', 'unsubscribe_request', 'wrong_person', 'bounce'] as const;
export type Classification = (typeof CLASSIFICATIONS)[number];

const attachmentMeta = z.looseObject({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().describe('Bytes'),
  sha256: z.string().describe('SHA-256 of the bytes (hex): what arrived is what was sent'),
  fileKey: z.string().optional().describe('Where the bytes are kept in the tenant file store (absent when no file store was wired)'),
});
export type AttachmentMeta = z.infer<typeof attachmentMeta>;

export const Dialog = defineEntity({
  entity: 'dialog',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'DIALOG#${dialogId}', sk: 'DIALOG' },
    byLast: { index: 'gsi1', pk: 'DIALOGS', sk: '${lastMessageAt}#${dialogId}' },
  },
  attributes: {
    dialogId: z.string().describe('Dialog id (also `id`)'),
    accountId: z.string().describe('The mailbox of the conversation'),
    email: z.string().describe("The other party's address"),
    contactId: z.string().nullable().describe('The contact of that address (null when it is no known contact)'),
    subject: z.string(),
    rootMessageId: z.string().describe('Message-ID the thread started with (our first outbound email, or the first inbound one)'),
    taskId: z.string().nullable().describe('The send task of the outbound email the thread answers'),
    origin: z
      .object({ kind: z.enum(['campaign', 'sequence', 'dialog']), id: z.string(), step: z.number().optional().describe('kind sequence: the step') })
      .nullable()
      .describe('campaign, sequence or dialog the thread started from'),
    unread: z.boolean(),
    classification: z.enum(CLASSIFICATIONS).nullable().describe(CLASSIFICATIONS.join(', ')),
    confidence: z.number().nullable().describe('Of the classification, 0..1'),
    messageCount: z
      .number()
      .describe('Stored messages (inbound, reply, compose, forward); the send-engine email the thread answers is listed in messages, not counted'),
    replyCount: z.number().describe('Real replies from the other party (auto-replies excluded)'),
    lastMessageAt: z.string().describe('ISO 8601 time of the latest message'),
    lastInboundMessageId: z.string().nullable().describe('Message-ID of the latest inbound message (what a reply answers)'),
    references: z.array(z.string()).describe('References of the thread so far (for the next reply), newest last, bounded'),
    leadId: z.string().nullable().describe('The lead promoted from the dialog'),
    createdAt: z.string().describe('ISO 8601 time of creation'),
    updatedAt: z.string().describe('ISO 8601 time of the last change'),
  },
});
/** A dialog as read (getDialogRecord: its view, so a nullable attribute it lacks is null); written by updates, never whole. */
export type DialogRecord = OutputOf<typeof Dialog>;

export const DialogMessage = defineEntity({
  entity: 'dialog_message',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'DIALOG#${dialogId}', sk: 'MSG#${at}#${messageKey}' } },
  attributes: {
    dialogId: z.string(),
    messageKey: z
      .string()
      .describe(
        "The message's key in its dialog: 16 hex characters for a stored message (DialogsController_getAttachment takes it); send-… for a send-engine email",
      ),
    at: z.string().describe('Sent or received at (ISO 8601); thread order: never before the message it answers'),
    date: z.string().optional().describe("Inbound: the email's Date header"),
    direction: z.enum(['in', 'out']).describe('in = inbound (from the other party), out = outbound (ours: the original email, replies, composes, forwards)'),
    messageId: z.string().describe('RFC 5322 Message-ID (forward takes it to pick the message)'),
    inReplyTo: z.string().nullable(),
    from: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string().describe('Plain-text body (empty when bodySource is unavailable)'),
    html: z.string().nullable().describe('HTML body when there is one'),
    attachments: z
      .array(attachmentMeta)
      .describe('Files of a stored message; DialogsController_getAttachment answers one by messageKey and its place in this list (from 0)'),
    autoReply: z.boolean().describe('An auto-reply (RFC 3834 Auto-Submitted, out-of-office): not counted as a reply'),
    classification: z.enum(CLASSIFICATIONS).nullable(),
    confidence: z.number().nullable(),
    classificationMethod: z.enum(['rules', 'ai']).optional().describe('Inbound: how sync classified it (ai is paid: ai_generation)'),
    aiSkipped: z.enum(['insufficient_balance', 'ai_unavailable']).optional().describe('Inbound: why the rules answered instead of the AI provider'),
    kind: z.enum(['forward']).optional().describe('Outbound: forward for a forward to a third party (no threading headers)'),
    forwardOf: z.string().optional().describe('kind forward: the Message-ID of the forwarded message'),
    uid: z.number().optional().describe('Inbound: the IMAP UID it was read at'),
    smtp: z.looseObject({ outcome: z.string(), code: z.number(), response: z.string() }).optional().describe("Outbound: the relay's answer"),
  },
});
export type DialogMessageRecord = ItemOf<typeof DialogMessage>;
/** A stored message as answered (its declared attributes; nullable ones it lacks read as null). */
export type DialogMessageView = OutputOf<typeof DialogMessage>;

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

/**
 * An on-demand inbox sync (dialogs_sync): the mailboxes it queued, one `sync-mailbox` message each;
 * the inbox worker writes one result item per mailbox beside it (InboxSyncJobResult). Kept a day (ttl).
 */
export const InboxSyncJob = defineEntity({
  entity: 'inbox_sync_job',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'INBOXSYNCJOB#${jobId}', sk: 'JOB' } },
});

/** One mailbox's outcome in an on-demand sync (SyncResult), written by the inbox worker when its run ends. */
export const InboxSyncJobResult = defineEntity({
  entity: 'inbox_sync_job_result',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'INBOXSYNCJOB#${jobId}', sk: 'ACCOUNT#${accountId}' } },
});
