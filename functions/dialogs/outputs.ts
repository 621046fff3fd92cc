import * as z from 'zod';
import { CLASSIFICATIONS, Dialog, DialogMessage } from '../../shared/mailing/dialogs/entities.js';
import { NOT_ATTACHED_REASONS } from '../../shared/mailing/dialogs/store.js';
import { MESSAGE_KINDS } from '../../shared/mailing/dialogs/thread.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';
import { leads_createOutput } from '../leads/outputs.js';

/** Success answers of the dialogs operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */

/** A stored message as answered (reply, compose and forward answer the one they stored). */
const storedMessageOutput = DialogMessage.output;

/** A message of a thread: a stored one, or the send-engine email the thread answers (read from its send item). */
const threadMessageOutput = checkedOutput(
  DialogMessage.output.extend({
    kind: z
      .enum(MESSAGE_KINDS)
      .describe(
        'received (inbound); sent (reply or compose); forward (to a third party, see forwardOf); campaign / task / sequence: the send-engine email the thread answers, read from its send item',
      ),
    bodySource: z
      .enum(['stored', 'rerendered', 'unavailable'])
      .optional()
      .describe(
        'Send-engine emails: stored (pre-rendered content of campaigns and sequences), rerendered (a task email rendered again from its unchanged creative), unavailable (the creative changed since); the body is before the compliance footer and tracking links',
      ),
    sendItem: z
      .looseObject({
        taskId: z.string(),
        contactId: z.string(),
        status: z.string().describe('The send item status (SENT ...)'),
        origin: z.object({ kind: z.enum(['campaign', 'sequence', 'dialog']), id: z.string(), step: z.number().optional() }).nullable(),
      })
      .optional()
      .describe('Send-engine emails: the send item they were read from'),
  }),
);

/** A dialog as answered: its attributes, its id also as `id`. */
const dialogOutput = checkedOutput(z.looseObject({ id: z.string().describe('Dialog id'), ...Dialog.output.shape }));

export const dialogListOutput = checkedOutput(
  z.looseObject({
    data: z.array(dialogOutput).describe('Latest activity first'),
    nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
  }),
);
export const threadOutput = checkedOutput(
  dialogOutput.extend({
    messages: z
      .array(threadMessageOutput)
      .describe('Both directions in thread order (oldest first): the original email the thread answers, then replies, composes and forwards'),
  }),
);

export const sendOutput = checkedOutput(
  z.looseObject({
    replayed: z.boolean().describe('true when this answers a repeat of an earlier identical request (nothing sent again)'),
    dialogId: z.string(),
    messageId: z.string().describe('Message-ID of the email sent'),
    message: storedMessageOutput.optional().describe('The message as stored on the thread (absent on a replay whose message is gone)'),
  }),
);

export const forwardOutput = checkedOutput(
  sendOutput.extend({
    forwarded: z
      .looseObject({
        messageId: z.string().describe('The forwarded message'),
        direction: z.enum(['in', 'out']),
        reattached: z.number().describe("The original's attachments attached again from the file store"),
        notAttached: z
          .array(z.looseObject({ filename: z.string(), sha256: z.string(), reason: z.enum(NOT_ATTACHED_REASONS).describe(NOT_ATTACHED_REASONS.join(', ')) }))
          .describe('Attachments of the original that could not be attached (named in the forwarded body)'),
      })
      .describe('What was forwarded'),
  }),
);

export const classifyOutput = z.looseObject({
  dialogId: z.string(),
  messageId: z.string().nullable(),
  classification: z.enum(CLASSIFICATIONS),
  confidence: z.number(),
  method: z.string().describe('rules, ai or manual'),
  autoReply: z.boolean(),
});

export const draftOutput = checkedOutput(
  z.looseObject({
    dialogId: z.string(),
    draft: z.looseObject({ subject: z.string(), text: z.string(), html: z.string() }),
    method: z.enum(['template', 'ai']).describe('template, or ai when the AI provider wrote it (paid: ai_generation)'),
    briefId: z.string().nullable().describe('The brief it drew on (body briefId, else the brief of the creative the thread answers)'),
    classification: z.enum(CLASSIFICATIONS).nullable().describe("The dialog's class the template was chosen by"),
    sent: z.literal(false).describe('Drafts are never sent; call reply to send'),
  }),
);

/** One mailbox's outcome in an inbox sync. */
const mailboxSyncOutput = z.looseObject({
  accountId: z.string(),
  fetched: z.number(),
  outcomes: z.record(z.string(), z.number()).describe('stored, duplicate, dsn (bounce reports), own, unparsable'),
  reset: z.boolean().describe('UIDVALIDITY changed: re-read without duplicates'),
  cursor: z
    .looseObject({ uidValidity: z.string().describe('UIDVALIDITY, a decimal string'), lastUid: z.number().describe('The last UID read') })
    .nullable()
    .describe('Where the next sync starts; null when nothing was read'),
  skipped: z.string().optional().describe('busy (another run was reading the mailbox), suspended, not_found'),
  error: z.string().optional(),
});

/** An on-demand inbox sync (dialogs_sync answers it queued; dialogs_sync_status as it goes). */
export const syncJobOutput = z.looseObject({
  jobId: z.string().describe('Poll dialogs_sync_status with it'),
  status: z.enum(['queued', 'running', 'completed']).describe('completed once every mailbox was read (data then has one entry per mailbox)'),
  requestedAt: z.string(),
  finishedAt: z.string().nullable().describe('When the last mailbox was read; null until completed'),
  mailboxes: z.number().describe('Mailboxes queued'),
  data: z.array(mailboxSyncOutput).describe('The mailboxes read so far, in the order they were queued'),
});

/** A lead promoted from a dialog: the created lead with the dialog it came from. */
export const createLeadOutput = checkedOutput(
  leads_createOutput.extend({
    dialogId: z.string().describe('The dialog the lead was promoted from (also its sourceRef)'),
    thread: z
      .looseObject({ dialogId: z.string(), messageCount: z.number(), rootMessageId: z.string().nullable() })
      .describe('The dialog thread attached to the lead'),
  }),
);
