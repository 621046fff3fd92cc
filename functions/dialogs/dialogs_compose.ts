import * as z from 'zod';
import { decodeAttachments, attachmentsJsonSchema, ATTACHMENT_ROUTE_MAX_BODY } from '../../shared/mailing/dialogs/attachments.js';
import { sendDialogEmail } from '../../shared/mailing/dialogs/send.js';
import { resolveRecipient } from '../../shared/mailing/dialogs/recipient.js';
import { badRequest } from '../../shared/platform/errors.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { sendOutput } from './send-outputs.js';

export const operation = defineOperation({
  operationId: 'dialogs_compose',
  method: 'POST',
  path: '/api/dialogs/compose',
  tag: 'dialogs',
  summary: 'Start a new outbound thread',
  description:
    'Scope dialogs:write. Body {recipient (an email address or a contact id), content {subject, bodyHtml, text?} (or an HTML string with subject), accountId (sender mailbox), attachmentsJson?, requestKey?}. ' +
    'Sent at once (a human action) with the compliance footer: suppression, sender state, daily cap and charge apply; the campaign send window and pacing do not. ' +
    'Attachments travel only here, in reply and in forward. An identical repeat answers the first send (replayed:true). ' +
    '400 names a bad attachment (in AWS a body over ~6 MB is refused at the edge with 413 first); 409 sender_not_sendable / recipient_suppressed / physical_address_missing. Paid: email_send. 201.',
  access: 'tenant',
  scope: 'dialogs:write',
  resources: ['function:dialog_send', 'files', 'queue:webhooks', 'platformTable:write'],
  maxBodyBytes: ATTACHMENT_ROUTE_MAX_BODY,
  input: {
    body: z.strictObject({
      recipient: z.string().trim().min(1).max(254).describe('Email address or contact id'),
      content: z
        .union([
          z.strictObject({
            subject: z.string().trim().min(1).max(998),
            bodyHtml: z.string().min(1).max(200_000),
            text: z.string().max(200_000).optional(),
          }),
          z.string().min(1).max(200_000),
        ])
        .describe('{subject, bodyHtml, text?}, or the HTML body as a string with a top-level subject'),
      subject: z.string().trim().min(1).max(998).optional().describe('With a string content'),
      accountId: z.string().min(1).max(64).describe('Sender mailbox (email account id)'),
      attachmentsJson: attachmentsJsonSchema,
      requestKey: z.string().min(1).max(128).optional(),
    }),
  },
  output: sendOutput,
  successStatus: 201,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => {
    const tenant = requireTenant(ctx);
    const attachments = decodeAttachments(body.attachmentsJson);
    const { to, contactId } = await resolveRecipient(tenant.table, body.recipient);
    const content = typeof body.content === 'string' ? { subject: body.subject, bodyHtml: body.content, text: undefined } : body.content;
    if (!content.subject) throw badRequest(['subject is required when content is a string']);
    return sendDialogEmail(ctx.deps, tenant.tenantId, {
      accountId: body.accountId,
      to,
      contactId,
      subject: content.subject,
      html: content.bodyHtml,
      text: content.text,
      attachments,
      requestKey: body.requestKey,
    });
  },
  guidance: (r) => ({ next: 'DialogsController_getThread', why: `Thread ${r.dialogId} started; replies land in it after the inbox sync.` }),
});
export const handler = lambdaHandler(operation);
