import * as z from 'zod';
import { decodeAttachments, attachmentsJsonSchema, ATTACHMENT_ROUTE_MAX_BODY } from '../../shared/mailing/dialogs/attachments.js';
import { requireDialog } from '../../shared/mailing/dialogs/store.js';
import { sendDialogEmail } from '../../shared/mailing/dialogs/send.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { sendOutput } from './send-outputs.js';

export const operation = defineOperation({
  operationId: 'DialogsController_reply',
  method: 'POST',
  path: '/api/dialogs/{id}/reply',
  tag: 'dialogs',
  summary: 'Send a reply in a dialog',
  description:
    "Scope dialogs:write. Sends through the dialog's mailbox with In-Reply-To/References of the thread, the compliance footer, and attachments (attachmentsJson). " +
    'Body {bodyHtml, subject? (default Re: <subject>), text?, attachmentsJson?, requestKey?}. An identical repeat answers the first send (replayed:true). ' +
    'Sent at once (a human action): suppression, sender state, daily cap and charge apply; the campaign send window and pacing do not. ' +
    'A bad attachment is a 400 naming it; in AWS a body over ~6 MB is refused at the edge with 413 first. ' +
    '409 sender_not_sendable / recipient_suppressed / physical_address_missing / recipient_rejected / send_deferred. Emits dialog.replied. Paid: email_send.',
  access: 'tenant',
  scope: 'dialogs:write',
  resources: ['function:dialog_send', 'files', 'queue:webhooks', 'platformTable:write'],
  maxBodyBytes: ATTACHMENT_ROUTE_MAX_BODY,
  input: {
    path: z.strictObject({ id: z.string().min(1).max(64) }),
    body: z.strictObject({
      bodyHtml: z.string().min(1).max(200_000),
      subject: z.string().trim().min(1).max(998).optional(),
      text: z.string().max(200_000).optional(),
      attachmentsJson: attachmentsJsonSchema,
      requestKey: z
        .string()
        .min(1)
        .max(128)
        .optional()
        .describe('Makes two deliberate identical replies distinct; repeats with the same key are not sent again'),
    }),
  },
  output: sendOutput,
  successStatus: 201,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => {
    const tenant = requireTenant(ctx);
    const attachments = decodeAttachments(body.attachmentsJson);
    const d = await requireDialog(tenant.table, path.id);
    const subject = body.subject ?? (/^re:/i.test(d.subject) ? d.subject : `Re: ${d.subject}`);
    return sendDialogEmail(ctx.deps, tenant.tenantId, {
      accountId: d.accountId,
      to: d.email,
      contactId: d.contactId,
      subject,
      html: body.bodyHtml,
      text: body.text,
      attachments,
      dialog: d,
      requestKey: body.requestKey,
    });
  },
  guidance: (r) => ({ next: 'DialogsController_getThread', why: `Reply ${r.messageId} sent; the thread shows it.` }),
});
export const handler = lambdaHandler(operation);
