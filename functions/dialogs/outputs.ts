import * as z from 'zod';
import { CLASSIFICATIONS, Dialog, DialogMessage } from '../../shared/mailing/dialogs/entities.js';
import { MESSAGE_KINDS } from '../../shared/mailing/dialogs/thread.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

/**
 * Success answers of the dialogs operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them).
 * The sends' answers are in send-outputs.ts, createLead's in lead-outputs.ts: each operation's bundle carries only its own schemas.
 */

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
