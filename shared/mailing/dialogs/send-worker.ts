import { notFound } from '../../platform/errors.js';
import { defineCallable } from '../../platform/registry/background.js';
import type { OutboundAttachment } from '../../platform/ports/mail-transport.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { getEmailAccountItem } from '../senders/entities.js';
import { composeMessage } from '../sending/compose.js';
import { transportFor } from '../sending/transports.js';
import { sentBody } from './send-body.js';
import type { DialogSendRequest, DialogSendResult, SendAttachmentRef } from './send-call.js';
import { sha256 } from './store.js';

/**
 * The handler of the callable `dialog_send` (declared below): builds the body (the text part of HTML
 * without one, a forward's body: send-body.ts), composes the message with its compliance parts and sends it over the mailbox's pooled SMTP transport (sending/transports.ts, the one the send
 * engine uses), with the login it reads and decrypts itself. An SMTP refusal or a failed connection is
 * an outcome (deferred or rejected), never a throw; a throw means the send did not start. Answers the
 * body with the outcome: the caller records it on the thread.
 */
export async function runDialogSend(deps: Deps, r: DialogSendRequest): Promise<DialogSendResult> {
  const account = await getEmailAccountItem(deps.tenantTable(r.tenantId), r.accountId);
  if (!account) throw notFound('Email account');
  const { subject, ...given } = r.message.rendered;
  const body = sentBody(given);
  const message = composeMessage(deps, { ...r.message, rendered: { subject, ...body }, tracking: false });
  message.attachments = await Promise.all(r.attachments.map((a) => attachmentOf(deps, r.tenantId, a)));
  const result = await (await transportFor(deps, r.tenantId, account)).send(message).catch((e) => ({
    outcome: 'deferred' as const,
    code: 0,
    response: String((e as Error).message),
    messageId: r.message.messageId,
  }));
  return { ...result, body };
}

/** A staged attachment's bytes, checked against the checksum the operation took: the mail carries what the person sent. */
async function attachmentOf(deps: Deps, tenantId: string, a: SendAttachmentRef): Promise<OutboundAttachment> {
  let content: Buffer;
  if ('contentBase64' in a) content = Buffer.from(a.contentBase64, 'base64');
  else {
    const got = deps.files ? await deps.files.get(tenantId, a.fileKey) : undefined;
    if (!got) throw new Error(`staged attachment ${a.fileKey} is missing`);
    content = got.bytes;
  }
  if (sha256(content) !== a.sha256) throw new Error(`attachment ${a.filename} does not match its checksum`);
  return { filename: a.filename, content, contentType: a.contentType };
}

/**
 * `dialog_send`: the SMTP transaction of a manual send (send-call.ts), called and waited for by compose,
 * reply and forward, which keep everything else (checks, charge, day-row count, the thread's records).
 * 29 s, as its callers: connect and greeting take up to 10 s each, the DATA of a 10 MB forward more.
 * `tenantTables`: it reads the mailbox and stores a refreshed OAuth token (never the thread: the caller
 * writes that); `tenantMail`: the OAuth settings and outbound SMTP (nodemailer bundled); `files`: the
 * attachments the caller staged (a synchronous invocation takes 6 MB, a forward carries up to 10 MB).
 * Declared here, not in background.ts, so its Lambda bundles the composer and the SMTP transport only,
 * not the inbox worker's IMAP and MIME libraries (a cold start of it is on the person's Send).
 */
export const dialogSend = defineCallable<DialogSendRequest, DialogSendResult>({
  name: 'dialog_send',
  tag: 'dialogs',
  timeout: 29,
  memorySize: 512,
  resources: ['tenantTables', 'tenantMail', 'files'],
  handler: runDialogSend,
});
