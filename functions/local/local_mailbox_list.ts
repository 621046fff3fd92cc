import * as z from 'zod';
import { notFound } from '../../shared/platform/errors.js';
import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { lambdaHandler } from '../lambda.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const operation = defineOperation({
  operationId: 'local_mailbox_list',
  method: 'GET',
  path: '/_local/mailbox',
  tag: 'local',
  summary: 'Mail delivered by the local mail sandbox, per address',
  description:
    'Local runtime only. JSON {smtp:{host, port}, imap:{host, port}, mailboxes:[{address, messages:[{uid, from, subject, receivedAt, size}]}]} (newest first, `address` filters, `raw=1` adds the source); an HTML page when the client asks for text/html.',
  access: 'public',
  localOnly: true,
  mcp: false,
  input: {
    query: z.strictObject({
      address: z.string().max(254).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(50),
      raw: z.enum(['0', '1']).optional(),
    }),
  },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => {
    const sb = ctx.deps.mailSandbox?.current;
    if (!sb) throw notFound('Mail sandbox');
    const addresses = query.address ? [query.address.toLowerCase()] : sb.addresses();
    const mailboxes = addresses.map((address) => ({
      address,
      messages: [...sb.inbox(address)]
        .reverse()
        .slice(0, query.limit)
        .map((m) => ({
          uid: m.uid,
          from: m.from,
          subject: m.subject,
          receivedAt: m.receivedAt,
          size: m.raw.length,
          ...(query.raw === '1' ? { raw: m.raw } : {}),
        })),
    }));
    const body = { smtp: { host: '127.0.0.1', port: sb.smtpPort }, imap: { host: '127.0.0.1', port: sb.imapPort }, mailboxes };
    if (!(ctx.request.headers.accept ?? '').includes('text/html')) return body;
    const rows = mailboxes
      .map(
        (b) =>
          `<h2>${esc(b.address)}</h2><table><tr><th>uid</th><th>from</th><th>subject</th><th>received</th><th></th></tr>${b.messages.map((m) => `<tr><td>${m.uid}</td><td>${esc(m.from)}</td><td>${esc(m.subject)}</td><td>${esc(m.receivedAt)}</td><td><button onclick="reply('${esc(b.address)}',${m.uid})">Reply as ${esc(b.address)}</button></td></tr>`).join('')}</table>`,
      )
      .join('');
    const html = `<!doctype html><meta charset="utf-8"><title>Local mail sandbox</title><style>body{font:14px system-ui;margin:2em}td,th{padding:2px 8px;text-align:left}</style><h1>Local mail sandbox</h1><p>SMTP 127.0.0.1:${sb.smtpPort} · IMAP 127.0.0.1:${sb.imapPort} · any address, any password</p>${rows || '<p>No mail yet.</p>'}<script>async function reply(address,uid){const text=prompt('Reply text (it lands in the sender mailbox; the inbox sync makes it a dialog)','Thanks, tell me more.');if(text===null)return;const r=await fetch('/_local/mailbox/reply',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({address,uid,text})});alert(r.ok?'Reply delivered to '+(await r.json()).deliveredTo:'Failed: '+r.status)}</script>`;
    return respond(200, html, { 'content-type': 'text/html; charset=utf-8' });
  },
});

export const handler = lambdaHandler(operation);
