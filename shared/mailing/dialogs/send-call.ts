import type { SendResult } from '../../platform/ports/mail-transport.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { ComposeInput } from '../sending/compose.js';
import type { DecodedAttachment } from './attachments.js';
import type { DialogBody, SentBody } from './send-body.js';
import { sha256 } from './store.js';

/**
 * The SMTP transaction of a manual send (compose, reply, forward), behind the callable `dialog_send`
 * (declared and run in send-worker.ts): the operations wait for its outcome, so the person still gets
 * the 201 or the 409 at once, but the SMTP transport (nodemailer) and the link-tracking HTML parser
 * stay out of their bundles; so does the HTML-to-text conversion, since the callable builds the text
 * part (and a forward's body) and answers it with the outcome (send-body.ts). In AWS its own Lambda, invoked and waited for; in the embedded runtime the
 * same handler in-process. The request carries no secret: the callable reads the mailbox's login itself.
 */
export const DIALOG_SEND = 'dialog_send';

/**
 * An attachment as the callable receives it: by reference to a short-lived copy in the tenant file store
 * (a synchronous Lambda invocation takes 6 MB, a forward carries up to 10 MB), inline only where there
 * is no file store (the embedded runtime without one, which has no payload limit either).
 */
export type SendAttachmentRef = { filename: string; contentType: string; sha256: string } & ({ fileKey: string } | { contentBase64: string });

export interface DialogSendRequest {
  tenantId: string;
  accountId: string;
  /**
   * What composeMessage adds the compliance parts to, once the callable built the body (`rendered`:
   * the subject and a DialogBody); never tracked (a manual message has no open pixel or click redirect).
   */
  message: Omit<ComposeInput, 'tracking' | 'trackingDomain' | 'rendered'> & { rendered: { subject: string } & DialogBody };
  attachments: SendAttachmentRef[];
}

/** The relay's answer, and the body that went (before the compliance footer): the thread records it. */
export type DialogSendResult = SendResult & { body: SentBody };

/** The staged copies live long enough for the call (29 s at most) and a retry; the operation deletes them after it. */
const STAGED_MS = 3_600_000;

/** The relay's answer to one manual send (outcome accepted, deferred or rejected); throws when the send could not start (no mail went out). */
export async function sendThroughMailbox(
  deps: Deps,
  request: Omit<DialogSendRequest, 'attachments'>,
  attachments: DecodedAttachment[],
): Promise<DialogSendResult> {
  if (!deps.callables) throw new Error(`${DIALOG_SEND} is not wired (deps.callables)`);
  const files = deps.files;
  const folder = `mail-out/${sha256(request.message.messageId).slice(0, 32)}`;
  const refs: SendAttachmentRef[] = [];
  const staged: string[] = [];
  try {
    for (const a of attachments) {
      const ref = { filename: a.filename, contentType: a.contentType, sha256: sha256(a.content) };
      if (!files) {
        refs.push({ ...ref, contentBase64: a.content.toString('base64') });
        continue;
      }
      const fileKey = `${folder}/${ref.sha256}`;
      await files.put(request.tenantId, fileKey, a.content, {
        contentType: a.contentType,
        expiresAt: new Date(deps.clock.now() + STAGED_MS).toISOString(),
      });
      staged.push(fileKey);
      refs.push({ ...ref, fileKey });
    }
    return (await deps.callables.call(DIALOG_SEND, { ...request, attachments: refs } satisfies DialogSendRequest)) as DialogSendResult;
  } finally {
    await Promise.all(staged.map((k) => files!.delete(request.tenantId, k).catch(() => undefined)));
  }
}
