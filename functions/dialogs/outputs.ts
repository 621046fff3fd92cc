import * as z from 'zod';
import { CLASSIFICATIONS } from '../../shared/dialogs/entities.js';

const attachment = z.looseObject({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().describe('Bytes'),
  sha256: z.string().describe('SHA-256 of the bytes (hex)'),
});

export const dialogMessageOutput = z.looseObject({
  messageId: z.string().describe('RFC 5322 Message-ID'),
  direction: z.enum(['in', 'out']),
  at: z.string().describe('Sent or received at (ISO)'),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  inReplyTo: z.string().nullable(),
  attachments: z.array(attachment),
  autoReply: z.boolean().describe('An auto-reply (RFC 3834 Auto-Submitted, out-of-office): not counted as a reply'),
  classification: z.string().nullable(),
  confidence: z.number().nullable(),
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
  messageCount: z.number(),
  replyCount: z.number().describe('Real replies from the other party (auto-replies excluded)'),
  lastMessageAt: z.string(),
  taskId: z.string().nullable().describe('The send task of the outbound email the thread answers'),
  origin: z.looseObject({ kind: z.string(), id: z.string() }).nullable().describe('campaign, sequence or dialog the thread started from'),
  leadId: z.string().nullable(),
});

export const dialogListOutput = z.looseObject({ data: z.array(dialogOutput), nextCursor: z.string().nullable() });
export const threadOutput = dialogOutput.extend({ messages: z.array(dialogMessageOutput).describe('Oldest first') });

export const sendOutput = z.looseObject({
  dialogId: z.string(),
  messageId: z.string().describe('Message-ID of the email sent'),
  replayed: z.boolean().describe('true when this answers a repeat of an earlier identical request (nothing sent again)'),
  message: dialogMessageOutput.optional(),
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
      skipped: z.string().optional(),
      error: z.string().optional(),
    }),
  ),
});
