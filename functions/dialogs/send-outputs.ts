import * as z from 'zod';
import { DialogMessage } from '../../shared/mailing/dialogs/entities.js';
import { NOT_ATTACHED_REASONS } from '../../shared/mailing/dialogs/store.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

/** Success answers of reply, compose and forward (the other dialogs operations: outputs.ts). */

/** A stored message as answered (reply, compose and forward answer the one they stored). */
const storedMessageOutput = DialogMessage.output;

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
