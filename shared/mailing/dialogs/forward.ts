import { badRequest, notFound } from '../../platform/errors.js';
import { assertHtmlWithinBounds, EMAIL_HTML_LIMITS } from '../../platform/html/bounds.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { unsafeFilename, visible, type DecodedAttachment } from './attachments.js';
import { resolveRecipient } from './recipient.js';
import type { ForwardBody } from './send-body.js';
import { sendDialogEmail } from './send.js';
import { readKeptAttachment, requireDialog, type NotAttachedReason } from './store.js';
import { findThreadMessage, type UntextedThreadMessage } from './thread.js';
import { threadMessages } from './thread-messages.js';

/**
 * Forwarding a message of a thread to a new recipient through the dialog's mailbox: `Fwd:` subject,
 * an optional note, the original quoted (headers and its text, escaped), the original's attachments
 * re-attached from the tenant file store (verified by SHA-256; one that is not stored or does not
 * match is listed in `notAttached` and named in the body), plus new `attachmentsJson` files. Same
 * guardrails, charge and repeat-safety as reply and compose (sendDialogEmail).
 */

/** Decoded bytes of one forward (re-attached + new): inside what common receiving servers take (~25 MB after base64). */
export const FORWARD_MAX_TOTAL_BYTES = 10 * 1024 * 1024;

export interface ForwardInput {
  recipient: string;
  /** Message-ID of the message to forward; default the latest inbound one (else the latest message). */
  messageId?: string;
  bodyHtml?: string;
  text?: string;
  attachments: DecodedAttachment[];
  requestKey?: string;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

function pick(messages: UntextedThreadMessage[], messageId?: string) {
  if (messageId) return findThreadMessage(messages, messageId);
  const m = [...messages].reverse().find((x) => x.direction === 'in') ?? messages.at(-1);
  if (!m) throw notFound('Dialog message');
  return m;
}

/** The original's stored attachments, checked against their checksums; the rest listed with why. */
async function reattach(deps: Deps, tenantId: string, m: UntextedThreadMessage) {
  const files: DecodedAttachment[] = [];
  const notAttached: { filename: string; sha256: string; reason: NotAttachedReason }[] = [];
  for (const a of m.attachments) {
    // A received file whose name passes for another type (invoice.pdf.exe, a right-to-left override) is not passed on.
    if (unsafeFilename(a.filename)) {
      notAttached.push({ filename: visible(a.filename), sha256: a.sha256, reason: 'unsafe_filename' });
      continue;
    }
    const read = await readKeptAttachment(deps, tenantId, a);
    if ('reason' in read) notAttached.push({ filename: a.filename, sha256: a.sha256, reason: read.reason });
    else files.push({ filename: a.filename, contentType: a.contentType, content: read.bytes });
  }
  return { files, notAttached };
}

/**
 * What the forward's body is made of (the callable builds it: send-body.ts): the note, whose HTML is
 * held to the email bounds here (a 400 before anything is charged), the header lines, and the original
 * (its text; an HTML-only one as HTML, quoted as its text).
 */
function forwardBodyOf(m: UntextedThreadMessage, note: { html?: string; text?: string }, notAttached: { filename: string }[]): ForwardBody {
  if (note.text === undefined && note.html) assertHtmlWithinBounds(note.html, 'bodyHtml', EMAIL_HTML_LIMITS);
  const head: [string, string][] = [
    ['From', m.from],
    ['Date', new Date(m.date ?? m.at).toUTCString()],
    ['Subject', m.subject],
    ['To', m.to],
  ];
  if (notAttached.length) head.push(['Attachments not forwarded', notAttached.map((a) => a.filename).join(', ')]);
  return { note, head, original: m.text ? { text: m.text } : m.html ? { html: m.html } : { text: '' } };
}

export async function forwardMessage(deps: Deps, tenant: { tenantId: string; table: TableStore }, dialogId: string, input: ForwardInput) {
  const d = await requireDialog(tenant.table, dialogId);
  const m = pick(await threadMessages(tenant.table, d), input.messageId);
  const { to, contactId } = await resolveRecipient(tenant.table, input.recipient);
  const { files, notAttached } = await reattach(deps, tenant.tenantId, m);
  const total = [...files, ...input.attachments].reduce((n, f) => n + f.content.length, 0);
  if (total > FORWARD_MAX_TOTAL_BYTES)
    throw badRequest([`the forwarded attachments (${m.messageId}) and attachmentsJson total ${mb(total)}, over the ${mb(FORWARD_MAX_TOTAL_BYTES)} cap`]);
  const forward = forwardBodyOf(m, { html: input.bodyHtml, text: input.text }, notAttached);
  const sent = await sendDialogEmail(deps, tenant.tenantId, {
    accountId: d.accountId,
    to,
    contactId,
    subject: /^\s*fwd?\s*:/i.test(m.subject) ? m.subject : `Fwd: ${m.subject}`,
    forward,
    attachments: [...files, ...input.attachments],
    dialog: d,
    forwardOf: m.messageId,
    requestKey: input.requestKey,
  });
  return { ...sent, forwarded: { messageId: m.messageId, direction: m.direction, reattached: files.length, notAttached } };
}
