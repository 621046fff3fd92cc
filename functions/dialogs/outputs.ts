import * as z from 'zod';
import { CLASSIFICATIONS } from '../../shared/mailing/dialogs/entities.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';
import { leads_createOutput } from '../leads/outputs.js';

const attachment = z.looseObject({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().describe('Bytes'),
  sha256: z.string().describe('SHA-256 of the bytes (hex)'),
});

export const dialogMessageOutput = z.looseObject({
  messageId: z.string().describe('RFC 5322 Message-ID (forward takes it to pick the message)'),
  messageKey: z
    .string()
    .describe(
      "The message's key in its dialog: 16 hex characters for a stored message (DialogsController_getAttachment takes it); send-… for a send-engine email",
    ),
  direction: z.enum(['in', 'out']).describe('in = inbound (from the other party), out = outbound (ours: the original email, replies, composes, forwards)'),
  kind: z
    .enum(['received', 'sent', 'forward', 'campaign', 'task', 'sequence'])
    .optional()
    .describe(
      'received (inbound); sent (reply or compose); forward (to a third party, see forwardOf); campaign / task / sequence: the send-engine email the thread answers, read from its send item',
    ),
  at: z.string().describe('Sent or received at (ISO)'),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string().describe('Plain-text body (empty when bodySource is unavailable)'),
  html: z.string().nullable().optional().describe('HTML body when there is one'),
  inReplyTo: z.string().nullable(),
  attachments: z
    .array(attachment)
    .describe('Files of a stored message; DialogsController_getAttachment answers one by messageKey and its place in this list (from 0)'),
  autoReply: z.boolean().describe('An auto-reply (RFC 3834 Auto-Submitted, out-of-office): not counted as a reply'),
  classification: z.string().nullable(),
  confidence: z.number().nullable(),
  forwardOf: z.string().optional().describe('kind forward: the Message-ID of the forwarded message'),
  bodySource: z
    .enum(['stored', 'rerendered', 'unavailable'])
    .optional()
    .describe(
      'Send-engine emails: stored (pre-rendered content of campaigns and sequences), rerendered (a task email rendered again from its unchanged creative), unavailable (the creative changed since); the body is before the compliance footer and tracking links',
    ),
  sendItem: z
    .looseObject({ taskId: z.string(), contactId: z.string(), status: z.string(), origin: z.looseObject({ kind: z.string(), id: z.string() }).nullable() })
    .optional()
    .describe('Send-engine emails: the send item they were read from'),
});

export const dialogOutput = z.looseObject({
  id: z.string().describe('Dialog id'),
  accountId: z.string().describe('The mailbox of the conversation'),
  email: z.string().describe("The other party's address"),
  contactId: z.string().nullable(),
  subject: z.string(),
  unread: z.boolean(),
  classification: z.enum(CLASSIFICATIONS).nullable().describe(CLASSIFICATIONS.join(', ')),
  confidence: z.number().nullable(),
  messageCount: z
    .number()
    .describe('Stored messages (inbound, reply, compose, forward); the send-engine email the thread answers is listed in messages, not counted'),
  replyCount: z.number().describe('Real replies from the other party (auto-replies excluded)'),
  lastMessageAt: z.string(),
  taskId: z.string().nullable().describe('The send task of the outbound email the thread answers'),
  origin: z.looseObject({ kind: z.string(), id: z.string() }).nullable().describe('campaign, sequence or dialog the thread started from'),
  leadId: z.string().nullable(),
});

export const dialogListOutput = z.looseObject({ data: z.array(dialogOutput), nextCursor: z.string().nullable() });
export const threadOutput = dialogOutput.extend({
  messages: z
    .array(dialogMessageOutput)
    .describe('Both directions in thread order (oldest first): the original email the thread answers, then replies, composes and forwards'),
});

export const sendOutput = z.looseObject({
  dialogId: z.string(),
  messageId: z.string().describe('Message-ID of the email sent'),
  replayed: z.boolean().describe('true when this answers a repeat of an earlier identical request (nothing sent again)'),
  message: dialogMessageOutput.optional(),
});

export const forwardOutput = sendOutput.extend({
  forwarded: z
    .looseObject({
      messageId: z.string().describe('The forwarded message'),
      direction: z.enum(['in', 'out']),
      reattached: z.number().describe("The original's attachments attached again from the file store"),
      notAttached: z
        .array(
          z.looseObject({ filename: z.string(), sha256: z.string(), reason: z.string().describe('not_stored, missing, checksum_mismatch, unsafe_filename') }),
        )
        .describe('Attachments of the original that could not be attached (named in the forwarded body)'),
    })
    .describe('What was forwarded'),
});

export const classifyOutput = z.looseObject({
  dialogId: z.string(),
  messageId: z.string().nullable(),
  classification: z.enum(CLASSIFICATIONS),
  confidence: z.number(),
  method: z.string().describe('rules, ai or manual'),
  autoReply: z.boolean(),
});

export const draftOutput = z.looseObject({
  dialogId: z.string(),
  draft: z.looseObject({ subject: z.string(), text: z.string(), html: z.string() }),
  method: z.string().describe('template or ai'),
  briefId: z.string().nullable(),
  sent: z.literal(false).describe('Drafts are never sent; call reply to send'),
});

export const syncOutput = z.looseObject({
  data: z.array(
    z.looseObject({
      accountId: z.string(),
      fetched: z.number(),
      outcomes: z.record(z.string(), z.number()).describe('stored, duplicate, dsn (bounce reports), own, unparsable'),
      reset: z.boolean().describe('UIDVALIDITY changed: re-read without duplicates'),
      cursor: z
        .looseObject({ uidValidity: z.string().describe('UIDVALIDITY, a decimal string'), lastUid: z.number().describe('The last UID read') })
        .nullable()
        .describe('Where the next sync starts; null when nothing was read'),
      skipped: z.string().optional(),
      error: z.string().optional(),
    }),
  ),
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
