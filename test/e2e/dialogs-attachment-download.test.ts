import { createHash, randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../../shared/workspace/billing/billing.js';
import { addMember } from '../../shared/workspace/tenancy/provision.js';
import { createApprovedAccount, startTenantRuntime } from '../support/accounts.js';
import { mcpClients } from '../support/mcp-client.js';
import { sandboxMailbox } from '../support/mail-sandbox.js';
import { client } from '../support/runtime.js';
import { syncInbox } from './dialogs-fixtures.js';

// DialogsController_getAttachment over HTTP and MCP. Real parts: the embedded runtime (DynamoDB Local,
// its file store) and its local mail sandbox: the contact's answer, with five attachments, is a real
// SMTP submission (nodemailer) into the sandbox, read back over IMAP by dialogs_sync. The official MCP
// client. Nothing mocked.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
const mcp = mcpClients(() => ctx.rt.url);

beforeAll(async () => {
  ctx = await startTenantRuntime({ env: { INBOX_SYNC_MS: '0' } });
}, 120_000);
afterAll(async () => {
  await mcp.closeAll();
  await ctx?.rt.stop();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3000)]);
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
const exe = Buffer.concat([Buffer.from('MZ'), randomBytes(500)]);
const report = Buffer.from('Отчёт: всё хорошо.\n');
// What each comes back as: [name it is saved under, Content-Type].
const sent = [
  { filename: 'price list.pdf', contentType: 'application/pdf', content: pdf, served: ['price list.pdf', 'application/pdf'] },
  { filename: 'chart.svg', contentType: 'image/svg+xml', content: svg, served: ['chart_svg', 'application/octet-stream'] },
  { filename: 'invoice.pdf.exe', contentType: 'application/x-msdownload', content: exe, served: ['invoice_pdf_exe', 'application/octet-stream'] },
  { filename: 'отчёт.txt', contentType: 'text/plain', content: report, served: ['отчёт.txt', 'text/plain'] },
  { filename: 'inv\u202Efdp.scr', contentType: 'application/pdf', content: exe, served: ['inv_u202Efdp_scr', 'application/pdf'] },
];

let dialogId: string;
let messageKey: string;
const path = (i: number | string, key = messageKey, id = dialogId) => `/api/dialogs/${id}/messages/${key}/attachments/${i}`;
const download = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(ctx.rt.url + url, { headers: { authorization: `Bearer ${ctx.account.apiKey}`, ...headers } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
};
const json = (b: Buffer) => JSON.parse(b.toString('utf8'));

describe('a received message’s attachments, downloaded', () => {
  beforeAll(async () => {
    const { http } = ctx;
    const local = client(ctx.rt.url);
    const sandbox = (await local.get('/_local/mailbox')).body;
    await credit(ctx.rt.deps, ctx.account.tenantId, 5, 'test balance', 'test');
    const mailbox = await http.post('/api/email-accounts', await sandboxMailbox(ctx.rt.url, 'sales@sandbox.test', 'Sales'));
    expect(mailbox.status).toBe(201);
    expect((await http.patch(`/api/email-accounts/${mailbox.body.id}`, { dnsAcknowledged: true })).status).toBe(200);
    expect((await http.put('/api/settings/company-profile', { companyName: 'Acme Ltd', physicalAddress: '1 Sandbox Street' })).status).toBe(200);
    const contact = await http.post('/api/contacts', { firstName: 'Bea', email: 'bea@buyer.test' });
    const composed = await http.post('/api/dialogs/compose', {
      recipient: contact.body.id,
      accountId: mailbox.body.id,
      content: { subject: 'Pricing', bodyHtml: '<p>Hi Bea, shall I send our pricing?</p>' },
    });
    expect(composed.status).toBe(201);
    dialogId = composed.body.dialogId;
    // Bea answers with her files: a real SMTP submission to the sandbox, delivered to the sales mailbox.
    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: sandbox.smtp.port, secure: false, ignoreTLS: true });
    await smtp.sendMail({
      from: 'bea@buyer.test',
      to: 'sales@sandbox.test',
      subject: 'Re: Pricing',
      inReplyTo: composed.body.messageId,
      references: [composed.body.messageId],
      text: 'Our files attached.',
      attachments: sent.map(({ filename, contentType, content }) => ({ filename, contentType, content })),
    });
    smtp.close();
    const sync = await syncInbox(http, { accountId: mailbox.body.id });
    expect(sync.body.data[0].outcomes.stored).toBe(1);
  }, 120_000);

  it('HTTP: each file’s bytes as sent, as a download that runs nothing; the thread gives the key and the places', async () => {
    const thread = await ctx.http.get(`/api/dialogs/${dialogId}`);
    expect(thread.status).toBe(200);
    const received = thread.body.messages.find((m: any) => m.direction === 'in');
    expect(received.messageKey).toMatch(/^[0-9a-f]{16}$/);
    messageKey = received.messageKey;
    expect(received.attachments.map((a: any) => [a.filename, a.sha256])).toEqual(sent.map((s) => [s.filename, sha(s.content)]));

    for (const [i, s] of sent.entries()) {
      const res = await download(path(i));
      expect(res.status, s.filename).toBe(200);
      expect(sha(res.bytes), s.filename).toBe(sha(s.content));
      expect(res.headers.get('content-type'), s.filename).toBe(s.served[1]);
      expect(res.headers.get('content-disposition'), s.filename).toMatch(/^attachment; filename="[ -~]+"; filename\*=UTF-8''/);
      expect(decodeURIComponent(res.headers.get('content-disposition')!.split("UTF-8''")[1]), s.filename).toBe(s.served[0]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/);
      expect(res.headers.get('repr-digest')).toBe(`sha-256=:${createHash('sha256').update(s.content).digest('base64')}:`);
    }
  });

  it('refusals: another tenant, an unknown dialog, message or index are 404; bad parameters a 400 in the spec’s shape', async () => {
    const other = await createApprovedAccount(ctx.rt.deps);
    const foreign = await download(path(0), { authorization: `Bearer ${other.apiKey}` });
    expect(foreign.status).toBe(404);
    expect(json(foreign.bytes)).toMatchObject({ statusCode: 404, message: 'Dialog not found' });
    expect((await download(path(sent.length))).status).toBe(404);
    expect(json((await download(path(0, '0123456789abcdef'))).bytes)).toMatchObject({ statusCode: 404, message: 'Dialog message not found' });
    expect((await download(path(0, messageKey, `d${'0'.repeat(24)}`))).status).toBe(404);
    for (const [url, message] of [
      [path('x'), /index/],
      [path(-1), /index/],
      [path(0, 'not-a-key'), /messageKey must be the 16 hex characters/],
      [`${path(0)}?format=raw`, /property format should not exist/],
    ] as const) {
      const res = await download(url);
      expect(res.status, url).toBe(400);
      const body = json(res.bytes);
      expect(body.statusCode).toBe(400);
      expect(body.message.join(' '), url).toMatch(message);
    }

    // A plain link sends no X-Tenant-Id: ?workspace= picks the workspace (the owner is also a member of the other one).
    await addMember(ctx.rt.deps, other.tenantId, ctx.account.userId, 'ADMIN');
    expect((await download(`${path(0)}?workspace=${ctx.account.tenantId}`)).status).toBe(200);
    expect((await download(`${path(0)}?workspace=${other.tenantId}`)).status).toBe(404);
    expect((await download(`${path(0)}?workspace=${ctx.account.tenantId}`, { 'x-tenant-id': other.tenantId })).status).toBe(404); // the header wins
    expect((await download(`${path(0)}?workspace=t-nobody`)).status).toBe(404);
  });

  it('MCP: the file as base64 with its safe name, type, size and checksum; another tenant gets 404', async () => {
    const c = await mcp.connect({ authorization: `Bearer ${ctx.account.apiKey}` }, '?toolsets=dialogs');
    const tool = (await c.listTools()).tools.find((t) => t.name === 'svc_DialogsController_getAttachment');
    expect(tool?.description).toContain('contentBase64');
    for (const [i, s] of sent.entries()) {
      const res = (await c.callTool({ name: 'svc_DialogsController_getAttachment', arguments: { id: dialogId, messageKey, index: String(i) } })) as any;
      expect(res.isError, s.filename).toBeFalsy();
      expect(res.structuredContent).toMatchObject({
        filename: s.served[0],
        contentType: s.served[1],
        declaredContentType: s.contentType,
        size: s.content.length,
        sha256: sha(s.content),
      });
      expect(Buffer.from(res.structuredContent.contentBase64, 'base64').equals(s.content), s.filename).toBe(true);
    }
    const other = await mcp.connect({ authorization: `Bearer ${(await createApprovedAccount(ctx.rt.deps)).apiKey}` }, '?toolsets=dialogs');
    const foreign = (await other.callTool({ name: 'svc_DialogsController_getAttachment', arguments: { id: dialogId, messageKey, index: '0' } })) as any;
    expect(foreign).toMatchObject({ isError: true, _meta: { 'svc/status': 404 } });
  });

  it('kept bytes that changed are a 409, bytes no longer kept a 410: never a corrupt file', async () => {
    const files = ctx.rt.deps.files!;
    const key = `dialogs/${dialogId}/${sha(pdf)}`;
    await files.put(ctx.account.tenantId, key, Buffer.from('%PDF-1.4 tampered'), { contentType: 'application/pdf', expiresAt: '2099-01-01T00:00:00Z' });
    const changed = await download(path(0));
    expect(changed.status).toBe(409);
    expect(changed.headers.get('content-type')).toMatch(/^application\/json/);
    expect(json(changed.bytes)).toMatchObject({ statusCode: 409, code: 'attachment_checksum_mismatch' });
    const c = await mcp.connect({ authorization: `Bearer ${ctx.account.apiKey}` }, '?toolsets=dialogs');
    const viaMcp = (await c.callTool({ name: 'svc_DialogsController_getAttachment', arguments: { id: dialogId, messageKey, index: '0' } })) as any;
    expect(viaMcp).toMatchObject({ isError: true, _meta: { 'svc/status': 409 } });
    await files.delete(ctx.account.tenantId, key);
    const missing = await download(path(0));
    expect(missing.status).toBe(410);
    expect(json(missing.bytes)).toMatchObject({ statusCode: 410, code: 'attachment_missing' });
    expect((await download(path(1))).status).toBe(200); // the others are untouched
  });
});
