import * as z from 'zod';
import { decodeAttachments, attachmentsJsonSchema, ATTACHMENT_ROUTE_MAX_BODY } from '../../shared/mailing/dialogs/attachments.js';
import { forwardMessage } from '../../shared/mailing/dialogs/forward.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { forwardOutput } from './send-outputs.js';

export const operation = defineOperation({
  operationId: 'dialogs_forward',
  method: 'POST',
  path: '/api/dialogs/{id}/forward',
  tag: 'dialogs',
  summary: 'Forward a message of a dialog',
  description:
    "Scope dialogs:write. Forwards one message of the thread (messageId; default the latest inbound) to a new recipient through the dialog's mailbox: Fwd: subject, " +
    "optional note (bodyHtml/text) above the quoted original, the original's stored attachments re-attached (checksum-verified; others listed in forwarded.notAttached) plus attachmentsJson. " +
    'Body {recipient (email or contact id), messageId?, bodyHtml?, text?, attachmentsJson?, requestKey?}. Sent at once (a human action): suppression, sender state, daily cap and charge apply; ' +
    'the campaign send window and pacing do not. Recorded on the thread as an outbound message (kind forward); no threading headers, so an answer opens its own dialog. ' +
    'An identical repeat answers the first send (replayed:true). 404 dialog or messageId; 400 names a bad attachment; over ~6 MB of body AWS answers 413 at the edge. ' +
    '409 sender_not_sendable / recipient_suppressed / physical_address_missing / recipient_rejected / send_deferred. Paid: email_send. 201.',
  access: 'tenant',
  scope: 'dialogs:write',
  resources: ['function:dialog_send', 'files', 'queue:webhooks', 'platformTable:write'],
  maxBodyBytes: ATTACHMENT_ROUTE_MAX_BODY,
  input: {
    path: z.strictObject({ id: z.string().min(1).max(64) }),
    body: z.strictObject({
      recipient: z.string().trim().min(1).max(254).describe('Email address or contact id of the new recipient'),
      messageId: z
        .string()
        .trim()
        .min(3)
        .max(998)
        .optional()
        .describe('Message-ID of the message to forward (from DialogsController_getThread); default the latest inbound'),
      bodyHtml: z.string().min(1).max(200_000).optional().describe('A note above the forwarded message'),
      text: z.string().max(200_000).optional().describe('The note as plain text (derived from bodyHtml when absent)'),
      attachmentsJson: attachmentsJsonSchema,
      requestKey: z.string().min(1).max(128).optional().describe('Makes two deliberate identical forwards distinct'),
    }),
  },
  output: forwardOutput,
  successStatus: 201,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => {
    const tenant = requireTenant(ctx);
    const attachments = decodeAttachments(body.attachmentsJson);
    return forwardMessage(ctx.deps, tenant, path.id, {
      recipient: body.recipient,
      messageId: body.messageId,
      bodyHtml: body.bodyHtml,
      text: body.text,
      attachments,
      requestKey: body.requestKey,
    });
  },
  guidance: (r) => ({ next: 'DialogsController_getThread', why: `Forward ${r.messageId} sent; the thread lists it (kind forward).` }),
});
export const handler = lambdaHandler(operation);
