import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../../shared/workspace/billing/billing.js';
import { Membership } from '../../shared/workspace/tenancy/entities.js';
import { createApprovedAccount, otherTenantClient, startTenantRuntime } from '../support/accounts.js';
import { sandboxMailbox } from '../support/mail-sandbox.js';
import { client } from '../support/runtime.js';
import { syncInbox } from './dialogs-fixtures.js';

// The HTML the web app frames as a document of its own (a creative's preview, one message's HTML
// version), over HTTP: its own policy in the headers, the HTML as rendered with its inline style kept,
// remote images dropped on request, 400 for bad input, 404 across tenants. The dialog comes from the
// runtime's own mail sandbox (real SMTP and IMAP on 127.0.0.1). Nothing mocked.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
beforeAll(async () => {
  ctx = await startTenantRuntime({ env: { INBOX_SYNC_MS: '0' } });
}, 120_000);
afterAll(() => ctx?.rt.stop());

const STYLED = '<p style="color: rgb(200, 0, 0)">{Hi|Hello} {{firstName}}</p>';
const REMOTE = '<img alt="Logo" src="https://images.example/logo.png" srcset="https://images.example/logo@2x.png 2x">';
const INLINE = '<img alt="Dot" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">';
const POLICY_ON =
  "default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src data: https:; form-action 'none'; base-uri 'none'; frame-ancestors 'self'; sandbox";
const POLICY_OFF = POLICY_ON.replace('img-src data: https:', 'img-src data:');

function expectFramedDocument(r: { status: number; headers: Headers }, policy: string) {
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(r.headers.get('content-security-policy')).toBe(policy);
  expect(r.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  expect(r.headers.get('referrer-policy')).toBe('no-referrer');
  expect(r.headers.get('cache-control')).toBe('private, no-store');
}

describe('framed documents: HTML the app shows in a sandboxed frame, from its own URL under its own policy', () => {
  it("serves a creative's preview for a contact as the document, styled, with remote images on or dropped; 400 and 404 in the spec's shape", async () => {
    const { http } = ctx;
    const contact = await http.post('/api/contacts', { email: 'dana@client.test', firstName: 'Dana' });
    const creative = await http.post('/api/creatives', { name: 'Styled', subject: 'Hi {{firstName}}', bodyHtml: STYLED + REMOTE + INLINE });
    expect(creative.status).toBe(201);
    const id = creative.body.id;
    const path = `/api/creatives/${id}/preview-document?contactId=${contact.body.id}`;

    const json = (await http.get(`/api/creatives/${id}/preview?contactId=${contact.body.id}`)).body;
    const doc = await http.get(path);
    expectFramedDocument(doc, POLICY_ON);
    expect(doc.text).toBe(json.html); // the same rendering, the same spintax choice
    expect(doc.text).toMatch(/^<p style="color: rgb\(200, 0, 0\)">(Hi|Hello) Dana<\/p>/);
    expect(doc.text).toContain('src="https://images.example/logo.png"');

    const off = await http.get(`${path}&images=off`);
    expectFramedDocument(off, POLICY_OFF);
    expect(off.text).toContain('<p style="color: rgb(200, 0, 0)">');
    expect(off.text).not.toContain('images.example');
    expect(off.text).toContain('<img alt="Logo">');
    expect(off.text).toContain(INLINE);

    // Bad input: 400 with the message array, before anything is read.
    const bad = await http.get(`${path}&images=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/json/);
    expect(bad.body).toMatchObject({ statusCode: 400, message: [expect.stringContaining('images')] });
    expect((await http.get(`${path}&preview=1`)).body.message).toEqual(['property preview should not exist']);
    expect((await http.get(`/api/creatives/${id}/preview-document?contactId=not%20an%20id`)).status).toBe(400);
    expect((await http.get('/api/creatives/bad!id/preview-document')).status).toBe(400);

    // Unknown ids and another tenant's creative: 404.
    expect((await http.get(`/api/creatives/${id}/preview-document?contactId=c0nt4ctm1ss1ng`)).body).toMatchObject({ statusCode: 404 });
    expect((await http.get('/api/creatives/cr34t1v3m1ss1ng/preview-document')).status).toBe(404);
    const other = await otherTenantClient(ctx.rt);
    expect((await other.get(`/api/creatives/${id}/preview-document`)).status).toBe(404);
    expect((await other.get(`/api/creatives/${id}/preview-document?workspace=${ctx.account.tenantId}`)).body).toMatchObject({ statusCode: 404 });

    // A member of two workspaces picks one in the URL (a frame cannot send X-Tenant-Id); X-Tenant-Id still wins.
    const guest = await createApprovedAccount(ctx.rt.deps);
    const { tenantId } = ctx.account;
    await ctx.rt.deps.platform.put(
      Membership.item({ userId: guest.userId, tenantId }, { userId: guest.userId, tenantId, role: 'MEMBER', createdAt: new Date().toISOString() }),
    );
    const member = client(ctx.rt.url, { key: guest.apiKey });
    expect((await member.get(`/api/creatives/${id}/preview-document`)).status).toBe(404); // their own workspace has no such creative
    const picked = await member.get(`/api/creatives/${id}/preview-document?workspace=${tenantId}`);
    expectFramedDocument(picked, POLICY_ON);
    expect(picked.text).toMatch(/^<p style="color: rgb\(200, 0, 0\)">(Hi|Hello)/);
    expect((await member.get(`/api/creatives/${id}/preview-document?workspace=${tenantId}`, { 'x-tenant-id': guest.tenantId })).status).toBe(404);

    // Published as an HTML operation; not an MCP tool.
    const openapi = (await http.get('/openapi.json')).body;
    const op = openapi.paths['/api/creatives/{id}/preview-document'].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/html']);
    expect(op.description).toContain("frame-ancestors 'self'");
  }, 120_000);

  it("serves one message's HTML version of a dialog, received or sent, styled, remote images off by default; 400 and 404", async () => {
    const { http } = ctx;
    const local = client(ctx.rt.url);
    await credit(ctx.rt.deps, ctx.account.tenantId, 5, 'test balance', 'test');
    const me = await http.post('/api/email-accounts', await sandboxMailbox(ctx.rt.url, 'me@sandbox.test', 'Me'));
    expect(me.status).toBe(201);
    await http.patch(`/api/email-accounts/${me.body.id}`, { dnsAcknowledged: true });
    await http.put('/api/settings/company-profile', { companyName: 'Me Ltd', physicalAddress: '2 Sandbox Street' });
    const contact = await http.post('/api/contacts', { firstName: 'Buyer', email: 'buyer@sandbox.test' });
    const sent = await http.post('/api/dialogs/compose', {
      recipient: contact.body.id,
      accountId: me.body.id,
      content: { subject: 'Styled hello', bodyHtml: '<p style="color: rgb(0, 0, 200)">Hi Buyer</p>' },
    });
    expect(sent.status).toBe(201);
    const [original] = (await local.get('/_local/mailbox?address=buyer@sandbox.test')).body.mailboxes[0].messages;
    const html = `<div style="font-weight: 700">Interested, send the pricing.</div>${REMOTE}${INLINE}`;
    expect(
      (await local.post('/_local/mailbox/reply', { address: 'buyer@sandbox.test', uid: original.uid, text: 'Interested, send the pricing.', html })).status,
    ).toBe(200);
    expect((await local.post('/_local/mailbox/reply', { address: 'buyer@sandbox.test', uid: original.uid, text: 'Text only.' })).status).toBe(200);
    expect((await syncInbox(http, { accountId: me.body.id })).body.data[0].outcomes.stored).toBe(2);
    const dialogId = sent.body.dialogId;
    const thread = (await http.get(`/api/dialogs/${dialogId}`)).body;
    // The two replies share a Date second: found by their text, not their order.
    const messages = thread.messages as { messageId: string; direction: string; text: string; html: string | null }[];
    expect(messages.map((m) => m.direction)).toEqual(['out', 'in', 'in']);
    const ours = messages[0];
    const styledReply = messages.find((m) => m.text.startsWith('Interested'))!;
    const textReply = messages.find((m) => m.text.startsWith('Text only'))!;
    expect(styledReply.html).toContain('<div style="font-weight: 700">');
    expect(textReply.html).toBeNull();
    const path = (messageId: string) => `/api/dialogs/${dialogId}/message-document?messageId=${encodeURIComponent(messageId)}`;

    // The reply: remote images dropped by default (the sender could learn it was read), the style kept.
    const doc = await http.get(path(styledReply.messageId));
    expectFramedDocument(doc, POLICY_OFF);
    expect(doc.text).toContain('<div style="font-weight: 700">Interested, send the pricing.</div>');
    expect(doc.text).not.toContain('images.example');
    expect(doc.text).toContain(INLINE);
    const on = await http.get(`${path(styledReply.messageId)}&images=on`);
    expectFramedDocument(on, POLICY_ON);
    expect(on.text).toBe(styledReply.html); // as stored
    // Without angle brackets too, as forward takes it.
    expect((await http.get(path(styledReply.messageId.replace(/^<|>$/g, '')))).text).toBe(doc.text);
    // Our own email of the thread.
    const mine = await http.get(path(ours.messageId));
    expectFramedDocument(mine, POLICY_OFF);
    expect(mine.text).toContain('<p style="color: rgb(0, 0, 200)">Hi Buyer</p>');

    // A text-only message has no HTML version; unknown message or dialog, another tenant: 404.
    expect((await http.get(path(textReply.messageId))).body).toMatchObject({ statusCode: 404, code: 'no_html_version' });
    expect((await http.get(path('<nobody@nowhere.test>'))).body).toMatchObject({ statusCode: 404, message: 'Dialog message not found' });
    expect((await http.get(`/api/dialogs/d000000000000000000000000/message-document?messageId=${encodeURIComponent(ours.messageId)}`)).status).toBe(404);
    const other = await otherTenantClient(ctx.rt);
    expect((await other.get(path(styledReply.messageId))).status).toBe(404);

    // Bad input: 400 with the message array.
    const missing = await http.get(`/api/dialogs/${dialogId}/message-document`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toEqual([expect.stringContaining('messageId')]);
    expect((await http.get(`${path(ours.messageId)}&images=yes`)).status).toBe(400);
    expect((await http.get(`${path(ours.messageId)}&markRead=true`)).body.message).toEqual(['property markRead should not exist']);
  }, 120_000);
});
