import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { simpleParser } from 'mailparser';
import { badRequest, notFound } from '../../shared/platform/errors.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { lambdaHandler } from '../lambda.js';

/**
 * The other side of a conversation in the local mail sandbox: answers a message a recipient mailbox
 * received (by address + uid) as that recipient would, with In-Reply-To/References to the original,
 * delivered into the sender's sandbox mailbox. The inbox sync then reads it and it becomes a dialog.
 */
export const operation = defineOperation({
  operationId: 'local_mailbox_reply',
  method: 'POST',
  path: '/_local/mailbox/reply',
  tag: 'local',
  summary: 'Reply, in the local mail sandbox, to a message a sandbox mailbox received',
  description:
    'Local runtime only. Body {address (the recipient mailbox that got the message), uid, text?, html?, autoReply?}. Writes the reply into the original ' +
    "sender's sandbox mailbox with In-Reply-To and References set; the next inbox sync (or dialogs_sync) turns it into a dialog. Answers {deliveredTo, uid, messageId}.",
  access: 'public',
  localOnly: true,
  mcp: false,
  input: {
    body: z.strictObject({
      address: z.string().min(3).max(254),
      uid: z.number().int().min(1),
      text: z.string().min(1).max(20_000).optional(),
      html: z.string().min(1).max(100_000).optional().describe('An HTML version too (the reply is then multipart/alternative: the text, then the HTML)'),
      autoReply: z.boolean().optional().describe('Send an out-of-office auto-reply (Auto-Submitted: auto-replied) instead'),
    }),
  },
  output: z.looseObject({ deliveredTo: z.string(), uid: z.number(), messageId: z.string() }),
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => {
    const sb = ctx.deps.mailSandbox?.current;
    if (!sb) throw notFound('Mail sandbox');
    const address = body.address.toLowerCase();
    const original = sb.inbox(address).find((m) => m.uid === body.uid);
    if (!original) throw notFound('Message');
    const parsed = await simpleParser(original.raw);
    const replyTo = (parsed.replyTo ?? parsed.from)?.value?.[0]?.address ?? original.from;
    if (!replyTo) throw badRequest(['the message has no sender to reply to']);
    const origId = parsed.messageId ? (parsed.messageId.startsWith('<') ? parsed.messageId : `<${parsed.messageId}>`) : undefined;
    const refs = [...(typeof parsed.references === 'string' ? [parsed.references] : (parsed.references ?? [])), ...(origId ? [origId] : [])];
    const subject = /^re:/i.test(parsed.subject ?? '') ? parsed.subject! : `Re: ${parsed.subject ?? ''}`;
    const messageId = `<${randomBytes(8).toString('hex')}@${address.split('@')[1] ?? 'sandbox.local'}>`;
    const text = body.autoReply
      ? 'I am out of the office this week with limited access to email.'
      : (body.text ?? 'Thanks, this sounds interesting. Tell me more.');
    const raw = [
      `From: ${address}`,
      `To: ${replyTo}`,
      `Subject: ${body.autoReply ? `Automatic reply: ${parsed.subject ?? ''}` : subject}`,
      `Message-ID: ${messageId}`,
      ...(origId ? [`In-Reply-To: ${origId}`] : []),
      ...(refs.length ? [`References: ${refs.join(' ')}`] : []),
      ...(body.autoReply ? ['Auto-Submitted: auto-replied'] : []),
      `Date: ${new Date(ctx.deps.clock.now()).toUTCString()}`,
      'MIME-Version: 1.0',
      ...replyBody(text, body.autoReply ? undefined : body.html),
    ].join('\r\n');
    const m = sb.deliver(replyTo, address, subject, raw, new Date(ctx.deps.clock.now()));
    return { deliveredTo: replyTo.toLowerCase(), uid: m.uid, messageId };
  },
});

/** The body part of the reply: plain text, or text and HTML as multipart/alternative (UTF-8, base64: any line length). */
function replyBody(text: string, html: string | undefined): string[] {
  if (!html) return ['Content-Type: text/plain; charset=utf-8', '', text, ''];
  const boundary = `alt-${randomBytes(8).toString('hex')}`;
  const part = (type: string, content: string) => [
    `--${boundary}`,
    `Content-Type: ${type}; charset=utf-8`,
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(content),
  ];
  return [`Content-Type: multipart/alternative; boundary="${boundary}"`, '', ...part('text/plain', text), ...part('text/html', html), `--${boundary}--`, ''];
}

const base64Lines = (s: string) =>
  (
    Buffer.from(s, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join('\r\n');

export const handler = lambdaHandler(operation);
