import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../../shared/workspace/billing/billing.js';
import { startTenantRuntime } from '../support/accounts.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { startDovecot, type Dovecot } from '../support/dovecot.js';
import { mcpClients } from '../support/mcp-client.js';
import { startSmtpRelay, type Relay } from '../support/smtp-relay.js';
import { startWebhookReceiver, waitFor } from '../support/webhook-receiver.js';
import { otherTenantClient } from '../support/accounts.js';
import { syncInbox } from './dialogs-fixtures.js';

// Real parts: the embedded runtime (DynamoDB Local, local queue, send worker, webhook worker), Dovecot
// (the sender's IMAP INBOX, replies APPENDed into it), smtp-server as the SMTP sink, a webhook receiver
// checking the signature, the official MCP client, a DNS server on 127.0.0.1 (buyer.test's MX is
// Microsoft's: the deliverability matrix classifies its recipients). Nothing mocked.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let dovecot: Dovecot;
let relay: Relay;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let dns: DnsServer;
const SECRET = 'dialogs-hook-secret-0123456789abcdef';
const USER = 'sales@acme.test';
const mcp = mcpClients(() => ctx.rt.url);

beforeAll(async () => {
  dns = await startDnsServer({ 'buyer.test': { MX: [{ priority: 10, exchange: 'buyer-test.mail.protection.outlook.com' }] } });
  [ctx, dovecot, relay, receiver] = await Promise.all([
    startTenantRuntime({ env: { SVC_ALLOW_LOOPBACK_TARGETS: 'true', SEND_SWEEP_MS: '500', INBOX_SYNC_MS: '0', DNS_SERVERS: dns.address } }),
    startDovecot(),
    startSmtpRelay({ rejectRcpt: /^refused@/, deferRcpt: /^later@/ }),
    startWebhookReceiver(),
  ]);
  dovecot.addUser(USER, 'imap-secret-1');
  relay.users.set(USER, 'smtp-secret-1');
}, 120_000);
afterAll(async () => {
  await mcp.closeAll();
  await Promise.all([ctx?.rt.stop(), dovecot?.stop(), relay?.stop(), receiver?.stop(), dns?.stop()]);
});

const header = (raw: string, name: string) => {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
};

/** APPENDs a raw message into the sender's INBOX over IMAP, as a delivering MTA's LDA would. */
async function append(raw: string) {
  const c = new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user: USER, pass: 'imap-secret-1' }, logger: false });
  await c.connect();
  try {
    await c.append('INBOX', raw.replace(/\r?\n/g, '\r\n'));
  } finally {
    await c.logout();
  }
}

const reply = (o: { from: string; subject: string; inReplyTo: string; body: string; id: string; extra?: string }) =>
  `From: ${o.from}\nTo: ${USER}\nSubject: ${o.subject}\nMessage-ID: <${o.id}@buyer.test>\nIn-Reply-To: ${o.inReplyTo}\nReferences: ${o.inReplyTo}\nDate: ${new Date().toUTCString()}\n${o.extra ?? ''}MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n${o.body}\n`;

const dsn = (o: { rcpt: string; original: string }) =>
  [
    'From: Mail Delivery System <MAILER-DAEMON@mx.buyer.test>',
    `To: ${USER}`,
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: <dsn-${Date.now()}@mx.buyer.test>`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="REPORT"',
    '',
    '--REPORT',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered.',
    '--REPORT',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.buyer.test',
    '',
    `Final-Recipient: rfc822; ${o.rcpt}`,
    'Action: failed',
    'Status: 5.1.1',
    'Diagnostic-Code: smtp; 550 5.1.1 No such user',
    '--REPORT',
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: ${o.original}`,
    `To: ${o.rcpt}`,
    'Subject: Hello',
    '--REPORT--',
    '',
  ].join('\n');

let accountId: string;
let taskId: string;
const ids: Record<string, string> = {};
const sentTo: Record<string, string> = {};

describe('dialogs over a real IMAP inbox', () => {
  beforeAll(async () => {
    const { http } = ctx;
    await credit(ctx.rt.deps, ctx.account.tenantId, 10, 'test balance', 'test');
    const acc = await http.post('/api/email-accounts', {
      name: 'Sales',
      email: USER,
      imapHost: '127.0.0.1',
      imapPort: dovecot.port,
      imapUser: USER,
      imapPass: 'imap-secret-1',
      smtpHost: '127.0.0.1',
      smtpPort: relay.port,
      smtpUser: USER,
      smtpPass: 'smtp-secret-1',
    });
    expect(acc.status).toBe(201);
    accountId = acc.body.id;
    expect((await http.patch(`/api/email-accounts/${accountId}`, { dnsAcknowledged: true })).status).toBe(200);
    expect((await http.put('/api/settings/min-send-interval', { seconds: 0 })).status).toBe(200);
    expect((await http.patch('/api/settings/send-window', { enabled: false })).status).toBe(200);
    expect((await http.put('/api/settings/company-profile', { companyName: 'Acme', physicalAddress: '1 Test Road, Leeds' })).status).toBe(200);
    const hook = await http.post('/api/webhooks', { url: `${receiver.url}/hooks/dialogs`, events: ['dialog.received', 'dialog.replied'], secret: SECRET });
    expect(hook.status).toBe(201);
    for (const [name, email] of [
      ['Ann', 'ann@buyer.test'],
      ['Bob', 'bob@buyer.test'],
      ['Carl', 'carl@buyer.test'],
    ]) {
      const c = await http.post('/api/contacts', { firstName: name, email });
      expect(c.status).toBe(201);
      ids[name] = c.body.id;
    }
    const list = await http.post('/api/contact-lists', { name: 'dialogs' });
    await http.post(`/api/contact-lists/${list.body.id}/contacts`, { contactIds: Object.values(ids) });
    const creative = await http.post('/api/creatives', { name: 'Intro', subject: 'Hello {{firstName}}', bodyHtml: '<p>Hi {{firstName}}, a question.</p>' });
    const task = await http.post('/api/tasks', {
      methodId: 2,
      description: 'intro',
      creativeId: creative.body.id,
      accountId,
      contactListId: list.body.id,
      tracking: false,
    });
    taskId = task.body.id;
    await http.post(`/api/mailing/${taskId}/approve`, { note: 'ok' });
    expect((await http.post(`/api/tasks/${taskId}/start`)).status).toBe(200);
    await waitFor(() => relay.messages.length >= 3, 'three emails at the SMTP sink', 60_000, 100);
    for (const m of relay.messages) sentTo[m.to[0]] = header(m.raw, 'Message-ID');
    await waitFor(async () => (await http.get(`/api/tasks/${taskId}`)).body.counters.sent === 3, 'three SENT items', 30_000, 100);
  }, 180_000);

  it('a reply, an out-of-office and a DSN in the same inbox: one threaded, classified dialog, one auto-reply, one bounce', async () => {
    const { http } = ctx;
    await append(
      reply({
        from: 'Ann <ann@buyer.test>',
        subject: 'Re: Hello Ann',
        inReplyTo: sentTo['ann@buyer.test'],
        id: 'ann-1',
        body: 'Sounds good, tell me more about pricing.',
      }),
    );
    await append(
      reply({
        from: 'bob@buyer.test',
        subject: 'Automatic reply: Hello Bob',
        inReplyTo: sentTo['bob@buyer.test'],
        id: 'bob-ooo',
        body: 'I am out of the office until Monday with limited access to email.',
        extra: 'Auto-Submitted: auto-replied\n',
      }),
    );
    await append(dsn({ rcpt: 'carl@buyer.test', original: sentTo['carl@buyer.test'] }));

    // dialogs_sync answers the job at once (the inbox worker reads the mailbox); dialogs_sync_status answers it as it goes.
    const started = await http.post('/api/dialogs/sync', { accountId });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'queued', mailboxes: 1, data: [], finishedAt: null });
    const sync = await waitFor(
      async () => {
        const job = await http.get(`/api/dialogs/sync/${started.body.jobId}`);
        return job.body.status === 'completed' ? job : undefined;
      },
      'the sync job completed',
      60_000,
      100,
    );
    expect(sync.body).toMatchObject({ jobId: started.body.jobId, mailboxes: 1, finishedAt: expect.any(String) });
    expect(sync.body.data[0]).toMatchObject({ accountId, fetched: 3, outcomes: { stored: 2, dsn: 1, duplicate: 0 } });
    expect((await http.get('/api/dialogs/sync/0000000000000000000000000')).status).toBe(404);
    expect((await (await otherTenantClient(ctx.rt)).get(`/api/dialogs/sync/${started.body.jobId}`)).status).toBe(404);

    const list = await http.get('/api/dialogs?pageSize=10');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    const ann = list.body.data.find((d: any) => d.email === 'ann@buyer.test');
    expect(ann).toMatchObject({ contactId: ids.Ann, taskId, classification: 'interested', unread: true, replyCount: 1, accountId });
    const bob = list.body.data.find((d: any) => d.email === 'bob@buyer.test');
    expect(bob).toMatchObject({ contactId: ids.Bob, classification: 'out_of_office', replyCount: 0 });
    expect((await http.get('/api/dialogs?classification=interested')).body.data.map((d: any) => d.id)).toEqual([ann.id]);
    expect((await http.get(`/api/dialogs?accountId=${accountId}&unread=true`)).body.data).toHaveLength(2);

    // The thread holds both directions: the task email Ann answered (read from its send item), then her reply.
    const thread = await http.get(`/api/dialogs/${ann.id}`);
    expect(thread.status).toBe(200);
    expect(thread.body.messages.map((m: any) => [m.direction, m.kind, m.messageId])).toEqual([
      ['out', 'task', sentTo['ann@buyer.test']],
      ['in', 'received', '<ann-1@buyer.test>'],
    ]);
    const [original, answer] = thread.body.messages;
    expect(answer).toMatchObject({ inReplyTo: sentTo['ann@buyer.test'], autoReply: false });
    expect(original).toMatchObject({
      from: USER,
      to: 'ann@buyer.test',
      subject: 'Hello Ann',
      inReplyTo: null,
      attachments: [],
      bodySource: 'rerendered',
      sendItem: { taskId, contactId: ids.Ann, status: 'SENT' },
    });
    expect(original.text).toContain('Hi Ann, a question.');
    const sentCopy = await simpleParser(relay.messages.find((m) => m.to.includes('ann@buyer.test'))!.raw);
    expect(sentCopy.subject).toBe(original.subject);
    expect(sentCopy.html).toContain(original.html);
    expect(Date.parse(original.at)).toBeLessThanOrEqual(Date.now());

    // The deliverability matrix counts Ann's reply for her provider (Microsoft, by MX); the auto-reply and the DSN are no replies.
    const matrix = await http.get('/api/deliverability/matrix');
    expect(matrix.status).toBe(200);
    const row = matrix.body.rows.find((r: any) => r.accountId === accountId);
    expect(row.providers.microsoft).toMatchObject({ sent: 3, replied: 1 });
    expect(row.providers.other.replied).toBe(0);

    // Counted once: Ann replied; Bob's auto-reply is no reply; Carl's DSN moved SENT → BOUNCED and suppressed him.
    const task = (await http.get(`/api/tasks/${taskId}`)).body;
    expect(task.counters).toMatchObject({ sent: 2, bounced: 1, replied: 1 });
    const carl = (await http.get(`/api/tasks/${taskId}/items?status=BOUNCED`)).body.data;
    expect(carl.map((i: any) => i.contactId)).toEqual([ids.Carl]);
    expect((await http.get('/api/suppression?source=bounce')).body.data.map((e: any) => e.value)).toContain('carl@buyer.test');

    // A second sync reads nothing new; the signed dialog.received deliveries arrived (two: the reply and the auto-reply).
    expect((await syncInbox(http, { accountId })).body.data[0]).toMatchObject({ fetched: 0 });
    const hooks = await waitFor(() => {
      const got = receiver.received.filter((r) => r.json?.type === 'dialog.received');
      return got.length >= 2 ? got : undefined;
    }, 'two dialog.received deliveries');
    const annHook = hooks.find((h) => h.json.data.dialogId === ann.id)!;
    expect(annHook.json.data).toMatchObject({ contactId: ids.Ann, classification: 'interested', autoReply: false, taskId });
    expect(hooks.find((h) => h.json.data.email === 'bob@buyer.test')!.json.data.autoReply).toBe(true);
    const expected = 'sha256=' + createHmac('sha256', SECRET).update(annHook.raw).digest('hex');
    const got = String(annHook.headers['x-service-signature']);
    expect(got.length).toBe(expected.length);
    expect(timingSafeEqual(Buffer.from(got), Buffer.from(expected))).toBe(true);
  }, 120_000);

  it('reply goes out through the mailbox with In-Reply-To and References; dialog.replied; classifyReply; generateReply; createLead', async () => {
    const { http } = ctx;
    const ann = (await http.get('/api/dialogs?classification=interested')).body.data[0];
    const draft = await http.post(`/api/dialogs/${ann.id}/draft`, {});
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ sent: false, draft: { subject: 'Re: Hello Ann' } });
    expect(draft.body.draft.text).toContain('Hi Ann');
    const before = relay.messages.length;
    const sent = await http.post(`/api/dialogs/${ann.id}/reply`, { bodyHtml: draft.body.draft.html });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ dialogId: ann.id, replayed: false });
    const out = await waitFor(() => relay.messages.slice(before).find((m) => m.to.includes('ann@buyer.test')), 'the reply at the sink');
    expect(header(out.raw, 'In-Reply-To')).toBe('<ann-1@buyer.test>');
    expect(header(out.raw, 'References').split(/\s+/)).toEqual([sentTo['ann@buyer.test'], '<ann-1@buyer.test>']);
    expect(header(out.raw, 'Subject')).toBe('Re: Hello Ann');
    expect(out.authUser).toBe(USER);
    // Agents retry: the same request answers the first send and sends nothing again.
    const again = await http.post(`/api/dialogs/${ann.id}/reply`, { bodyHtml: draft.body.draft.html });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ replayed: true, messageId: sent.body.messageId });
    expect(relay.messages.slice(before).filter((m) => m.to.includes('ann@buyer.test'))).toHaveLength(1);
    const replied = await waitFor(() => receiver.received.find((r) => r.json?.type === 'dialog.replied'), 'dialog.replied');
    expect(replied.json.data).toMatchObject({ dialogId: ann.id, messageId: sent.body.messageId });

    const thread = (await http.get(`/api/dialogs/${ann.id}?markRead=true`)).body;
    expect(thread.messages.map((m: any) => [m.direction, m.kind])).toEqual([
      ['out', 'task'],
      ['in', 'received'],
      ['out', 'sent'],
    ]);
    expect(thread.unread).toBe(false);

    const cls = await http.post(`/api/dialogs/${ann.id}/classify`, {});
    expect(cls.status).toBe(200);
    expect(cls.body).toMatchObject({ classification: 'interested', method: 'rules', autoReply: false });
    expect(cls.body.confidence).toBeGreaterThan(0.5);

    const lead = await http.post(`/api/dialogs/${ann.id}/lead`, {});
    expect(lead.status).toBe(201);
    expect(lead.body).toMatchObject({ contactId: ids.Ann, source: 'dialog', sourceRef: ann.id, interest: 'high' });
    expect((await http.get(`/api/dialogs/${ann.id}`)).body.leadId).toBe(lead.body.id);

    // Another tenant sees none of it.
    const other = await otherTenantClient(ctx.rt);
    expect((await other.get(`/api/dialogs/${ann.id}`)).status).toBe(404);
    expect((await other.post(`/api/dialogs/${ann.id}/reply`, { bodyHtml: '<p>x</p>' })).status).toBe(404);
    expect((await other.post(`/api/dialogs/${ann.id}/lead`, {})).status).toBe(404);
  }, 120_000);

  it('a UIDVALIDITY change on the server re-syncs without duplicating dialog messages', async () => {
    const { http } = ctx;
    const before = (await http.get('/api/dialogs?pageSize=50')).body.data;
    // Dovecot renumbers a maildir whose uidlist and index are gone: a new UIDVALIDITY, every UID again from 1.
    await new Promise((r) => setTimeout(r, 1100)); // UIDVALIDITY is a time in seconds
    const box = path.join(dovecot.dir, 'mail', USER);
    for (const f of readdirSync(box)) if (f.startsWith('dovecot')) rmSync(path.join(box, f), { force: true, recursive: true });
    // Ann's second reply carries an attachment: stored, listed on the thread with its checksum.
    const agenda = Buffer.from('Agenda: 1. pricing 2. rollout\n'.repeat(200));
    await append(
      [
        'From: ann@buyer.test',
        `To: ${USER}`,
        'Subject: Re: Hello Ann',
        'Message-ID: <ann-2@buyer.test>',
        'In-Reply-To: <ann-1@buyer.test>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="MIX"',
        '',
        '--MIX',
        'Content-Type: text/plain',
        '',
        'Great, Tuesday works. Agenda attached.',
        '--MIX',
        'Content-Type: text/plain; name="agenda.txt"',
        'Content-Disposition: attachment; filename="agenda.txt"',
        'Content-Transfer-Encoding: base64',
        '',
        agenda.toString('base64').replace(/(.{76})/g, '$1\n'),
        '--MIX--',
        '',
      ].join('\n'),
    );
    const sync = await syncInbox(http, { accountId });
    expect(sync.body.data[0]).toMatchObject({ reset: true, outcomes: { stored: 1, duplicate: 2, dsn: 1 } });
    const after = (await http.get('/api/dialogs?pageSize=50')).body.data;
    expect(after).toHaveLength(before.length);
    const ann = after.find((d: any) => d.email === 'ann@buyer.test');
    expect(ann.messageCount).toBe(3); // ann-1, our reply, ann-2
    const thread = (await http.get(`/api/dialogs/${ann.id}`)).body;
    expect(thread.messages.map((m: any) => m.messageId).filter((id: string) => id.includes('buyer.test'))).toEqual([
      '<ann-1@buyer.test>',
      '<ann-2@buyer.test>',
    ]);
    expect(thread.messages.find((m: any) => m.messageId === '<ann-2@buyer.test>').attachments).toEqual([
      expect.objectContaining({ filename: 'agenda.txt', size: agenda.length, sha256: createHash('sha256').update(agenda).digest('hex') }),
    ]);
    // Still one reply counted for Ann on the task and in the matrix.
    expect((await http.get(`/api/tasks/${taskId}`)).body.counters.replied).toBe(1);
    const row = (await http.get('/api/deliverability/matrix')).body.rows.find((r: any) => r.accountId === accountId);
    expect(row.providers.microsoft.replied).toBe(1);
  }, 120_000);

  it('forward: a thread message goes to a new recipient, the original quoted and its attachment re-attached intact; bad input changes nothing', async () => {
    const { http } = ctx;
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    const agenda = Buffer.from('Agenda: 1. pricing 2. rollout\n'.repeat(200));
    const notes = Buffer.from('Call notes: Ann wants pricing for 40 seats.\n');
    const ann = (await http.get('/api/dialogs?pageSize=50')).body.data.find((d: any) => d.email === 'ann@buyer.test');
    const url = `/api/dialogs/${ann.id}/forward`;
    const before = relay.messages.length;
    const threadBefore = (await http.get(`/api/dialogs/${ann.id}`)).body;

    // Refusals send nothing and change nothing: unknown message, a bad attachment (named), another tenant, a suppressed address.
    const unknown = await http.post(url, { recipient: 'dave@partner.test', messageId: '<nope@buyer.test>' });
    expect(unknown.status).toBe(404);
    const bad = await http.post(url, {
      recipient: 'dave@partner.test',
      attachmentsJson: [
        { filename: 'notes.txt', contentBase64: notes.toString('base64'), contentType: 'text/plain' },
        { filename: 'broken.pdf', contentBase64: 'not*base64!', contentType: 'application/pdf' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(['attachmentsJson[1] (broken.pdf): contentBase64 is not valid base64']);
    const other = await otherTenantClient(ctx.rt);
    expect((await other.post(url, { recipient: 'dave@partner.test' })).status).toBe(404);
    const suppressed = await http.post(url, { recipient: 'carl@buyer.test' });
    expect(suppressed.status).toBe(409);
    expect(suppressed.body.code).toBe('recipient_suppressed');
    expect((await http.post(url, { recipient: 'dave@partner.test', cc: 'x@y.test' })).body.message).toEqual(['property cc should not exist']);
    expect(relay.messages.length).toBe(before);
    const unchanged = (await http.get(`/api/dialogs/${ann.id}`)).body;
    expect(unchanged.messageCount).toBe(threadBefore.messageCount);
    expect(unchanged.messages).toEqual(threadBefore.messages);

    // Default: the latest inbound message (ann-2, with agenda.txt), a note, one more attachment.
    const body = {
      recipient: 'dave@partner.test',
      text: "Dave, see Ann's agenda below.",
      attachmentsJson: [{ filename: 'notes.txt', contentBase64: notes.toString('base64'), contentType: 'text/plain' }],
    };
    const fwd = await http.post(url, body, { 'idempotency-key': 'forward-ann-2' });
    expect(fwd.status).toBe(201);
    expect(fwd.body).toMatchObject({
      dialogId: ann.id,
      replayed: false,
      forwarded: { messageId: '<ann-2@buyer.test>', direction: 'in', reattached: 1, notAttached: [] },
    });
    const out = await waitFor(() => relay.messages.slice(before).find((m) => m.to.includes('dave@partner.test')), 'the forward at the sink');
    expect(out.authUser).toBe(USER);
    expect(header(out.raw, 'In-Reply-To')).toBe('');
    const parsed = await simpleParser(out.raw);
    expect(parsed.subject).toBe('Fwd: Re: Hello Ann');
    expect(parsed.text).toContain("Dave, see Ann's agenda below.");
    expect(parsed.text).toContain('From: ann@buyer.test');
    expect(parsed.text).toContain('> Great, Tuesday works. Agenda attached.');
    expect(parsed.html).toMatch(/<blockquote[^>]*>Great, Tuesday works\. Agenda attached\.<\/blockquote>/);
    expect(parsed.attachments.map((a) => [a.filename, a.contentType, sha(a.content)])).toEqual([
      ['agenda.txt', 'text/plain', sha(agenda)],
      ['notes.txt', 'text/plain', sha(notes)],
    ]);
    // Safe to repeat: with the same Idempotency-Key, or the same body without one, nothing is sent again.
    const again = await http.post(url, body, { 'idempotency-key': 'forward-ann-2' });
    expect(again.status).toBe(201);
    expect(again.body.messageId).toBe(fwd.body.messageId);
    const repeat = await http.post(url, body);
    expect(repeat.body).toMatchObject({ replayed: true, messageId: fwd.body.messageId });
    expect(relay.messages.slice(before).filter((m) => m.to.includes('dave@partner.test'))).toHaveLength(1);

    // On the thread: an outbound message of kind forward with its attachments; the counterpart stays Ann.
    const thread = (await http.get(`/api/dialogs/${ann.id}`)).body;
    expect(thread).toMatchObject({ email: 'ann@buyer.test', messageCount: threadBefore.messageCount + 1 });
    expect(thread.messages.at(-1)).toMatchObject({
      direction: 'out',
      kind: 'forward',
      forwardOf: '<ann-2@buyer.test>',
      to: 'dave@partner.test',
      messageId: fwd.body.messageId,
    });
    expect(thread.messages.at(-1).attachments.map((a: any) => [a.filename, a.sha256])).toEqual([
      ['agenda.txt', sha(agenda)],
      ['notes.txt', sha(notes)],
    ]);

    // The task email the thread answers can be forwarded too (by its Message-ID).
    const first = await http.post(url, { recipient: 'dave@partner.test', messageId: sentTo['ann@buyer.test'] });
    expect(first.status).toBe(201);
    expect(first.body.forwarded).toMatchObject({ messageId: sentTo['ann@buyer.test'], direction: 'out', reattached: 0 });
    const out2 = await waitFor(() => relay.messages.slice(before).find((m) => m.subject === 'Fwd: Hello Ann'), 'the forwarded task email');
    expect((await simpleParser(out2.raw)).text).toContain('> Hi Ann, a question.');
  }, 120_000);

  it('compose sends two attachments intact (checksums); a bad one or a 12 MB one is a 400 naming it', async () => {
    const { http } = ctx;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7) % 256))]);
    const png = Buffer.from(Array.from({ length: 30_000 }, (_, i) => (i * 13 + 5) % 256));
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    const before = relay.messages.length;
    const r = await http.post('/api/dialogs/compose', {
      recipient: 'dora@newco.test',
      accountId,
      content: { subject: 'The proposal', bodyHtml: '<p>Hello Dora, the proposal and the chart are attached.</p>' },
      attachmentsJson: [
        { filename: 'proposal.pdf', contentBase64: pdf.toString('base64'), contentType: 'application/pdf' },
        { filename: 'chart.png', contentBase64: png.toString('base64'), contentType: 'image/png' },
      ],
    });
    expect(r.status).toBe(201);
    const out = await waitFor(() => relay.messages.slice(before).find((m) => m.to.includes('dora@newco.test')), 'the composed email');
    const parsed = await simpleParser(out.raw);
    expect(parsed.attachments.map((a) => [a.filename, a.contentType, sha(a.content)])).toEqual([
      ['proposal.pdf', 'application/pdf', sha(pdf)],
      ['chart.png', 'image/png', sha(png)],
    ]);
    expect(header(out.raw, 'List-Unsubscribe')).toMatch(/^<https?:\/\/.+\/u\/.+>, <mailto:/);
    const thread = (await http.get(`/api/dialogs/${r.body.dialogId}`)).body;
    expect(thread.messages[0].attachments.map((a: any) => a.sha256)).toEqual([sha(pdf), sha(png)]);

    const bad = await http.post('/api/dialogs/compose', {
      recipient: 'dora@newco.test',
      accountId,
      content: { subject: 'x', bodyHtml: '<p>x</p>' },
      attachmentsJson: [
        { filename: 'ok.txt', contentBase64: Buffer.from('fine').toString('base64'), contentType: 'text/plain' },
        { filename: 'broken.pdf', contentBase64: 'not*base64!', contentType: 'application/pdf' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(['attachmentsJson[1] (broken.pdf): contentBase64 is not valid base64']);
    const big = await http.post('/api/dialogs/compose', {
      recipient: 'dora@newco.test',
      accountId,
      content: { subject: 'x', bodyHtml: '<p>x</p>' },
      attachmentsJson: [{ filename: 'huge.pdf', contentBase64: Buffer.alloc(12 * 1024 * 1024, 1).toString('base64'), contentType: 'application/pdf' }],
    });
    expect(big.status).toBe(400);
    expect(big.body.message[0]).toMatch(/^attachmentsJson\[0\] \(huge\.pdf\): 12\.0 MB is over the 4\.0 MB attachment cap$/);
    const exe = await http.post('/api/dialogs/compose', {
      recipient: 'dora@newco.test',
      accountId,
      content: { subject: 'x', bodyHtml: '<p>x</p>' },
      attachmentsJson: [{ filename: 'run.exe', contentBase64: 'TVqQ', contentType: 'application/x-msdownload' }],
    });
    expect(exe.body.message).toEqual(['attachmentsJson[0] (run.exe): contentType application/x-msdownload is not allowed']);
    expect(
      (await http.post('/api/dialogs/compose', { recipient: 'x@y.test', accountId, content: { subject: 'x', bodyHtml: 'y' }, cc: 'z' })).body,
    ).toMatchObject({
      statusCode: 400,
      message: ['property cc should not exist'],
    });
  }, 120_000);

  it('compose charges email_send only for a mail the relay accepted: a 550 or a 451 (and its retries) gives the unit back', async () => {
    const { http } = ctx;
    const balance = async () => (await http.get('/api/billing/balance')).body.balance as number;
    const compose = (recipient: string) => http.post('/api/dialogs/compose', { recipient, accountId, content: { subject: 'Charges', bodyHtml: '<p>Hi</p>' } });
    const start = await balance();
    const refused = await compose('refused@newco.test');
    expect([refused.status, refused.body.code]).toEqual([409, 'recipient_rejected']);
    for (let i = 0; i < 3; i++) {
      const deferred = await compose('later@newco.test');
      expect([deferred.status, deferred.body.code]).toEqual([409, 'send_deferred']);
    }
    expect(await balance()).toBeCloseTo(start, 6);
    const ok = await compose('fay@newco.test');
    expect(ok.status).toBe(201);
    expect(ok.body._billing).toMatchObject({ operation: 'email_send', cost: 0.001, currency: 'USD' });
    expect(ok.body._billing.balance_after).toBeCloseTo(start - 0.001, 6);
    expect(await balance()).toBeCloseTo(start - 0.001, 6);
  });

  it('compose also takes the body as a string with a top-level subject', async () => {
    const { http } = ctx;
    const before = relay.messages.length;
    const noSubject = await http.post('/api/dialogs/compose', { recipient: 'erin@newco.test', accountId, content: '<p>Hi Erin</p>' });
    expect(noSubject.status).toBe(400);
    expect(noSubject.body.message).toEqual(['subject is required when content is a string']);
    const r = await http.post('/api/dialogs/compose', { recipient: 'erin@newco.test', accountId, subject: 'Hello Erin', content: '<p>Hi Erin</p>' });
    expect(r.status).toBe(201);
    const out = await waitFor(() => relay.messages.slice(before).find((m) => m.to.includes('erin@newco.test')), 'the email to Erin');
    expect(header(out.raw, 'Subject')).toBe('Hello Erin');
  }, 60_000);

  it("a task's non-responders enrol into a sequence: only Bob (Ann replied, Carl bounced), step 1 continues his thread from the task's mailbox", async () => {
    const { http } = ctx;
    const seq = await http.post('/api/sequences', { name: 'Nudge', steps: [{ delayDays: 0, bodyHtml: '<p>{{firstName}}, any thoughts?</p>' }] });
    expect(seq.status).toBe(201);
    const before = relay.messages.length;
    const r = await http.post(`/api/sequences/${seq.body.id}/enroll`, { taskId, afterDays: 0 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ enrolled: 1, data: [{ contactId: ids.Bob, accountId, status: 'active' }] });
    const out = await waitFor(() => relay.messages.slice(before).find((m) => m.to.includes('bob@buyer.test')), "Bob's follow-up", 60_000, 100);
    expect(header(out.raw, 'In-Reply-To')).toBe(sentTo['bob@buyer.test']);
    expect(header(out.raw, 'Subject')).toBe('Re: Hello Bob');
    expect(relay.messages.slice(before).filter((m) => m.to.includes('ann@buyer.test') || m.to.includes('carl@buyer.test'))).toHaveLength(0);
    expect((await http.post(`/api/sequences/${seq.body.id}/enroll`, { taskId, afterDays: 30 })).body).toMatchObject({ enrolled: 0 });
  }, 120_000);

  it('a reply without In-Reply-To/References joins its thread by subject and participants', async () => {
    const { http } = ctx;
    const ann = (await http.get('/api/dialogs?pageSize=50')).body.data.find((d: any) => d.email === 'ann@buyer.test');
    await append(
      `From: Ann <ann@buyer.test>\nTo: ${USER}\nSubject: RE: Hello Ann\nMessage-ID: <ann-3@buyer.test>\nContent-Type: text/plain\n\nOne more question.\n`,
    );
    expect((await syncInbox(http, { accountId })).body.data[0].outcomes.stored).toBe(1);
    const after = (await http.get(`/api/dialogs/${ann.id}`)).body;
    expect(after.messages.map((m: any) => m.messageId)).toContain('<ann-3@buyer.test>');
    expect(after.messageCount).toBe(ann.messageCount + 1);
  }, 60_000);

  it('MCP: the official client lists dialogs with svc_dialogs_list', async () => {
    const c = await mcp.connect({ authorization: `Bearer ${ctx.account.apiKey}`, 'x-tenant-id': ctx.account.tenantId }, '?toolsets=dialogs');
    const tools = (await c.listTools()).tools.map((t) => t.name);
    for (const n of ['svc_dialogs_list', 'svc_dialogs_compose', 'svc_dialogs_forward', 'svc_SequencesController_enroll']) expect(tools).toContain(n);
    const res = (await c.callTool({ name: 'svc_dialogs_list', arguments: { classification: 'interested' } })) as any;
    expect(res.isError).toBeFalsy();
    expect(res.structuredContent.data[0].email).toBe('ann@buyer.test');
  }, 60_000);

  // The spec's K list row "DialogsController_getThread, classifyReply, generateReply, reply, createLead" carries
  // the class prefix over, as every other row does: the bare ids must not answer anywhere.
  it('the dialog operations answer under their DialogsController_ names in OpenAPI, the agent card and MCP, and the bare names nowhere', async () => {
    const named = ['getThread', 'classifyReply', 'generateReply', 'reply', 'createLead'];
    const bare = named.filter((n) => n !== 'getThread');
    const openapi = (await ctx.http.get('/openapi.json')).body;
    const operationIds = Object.values(openapi.paths as Record<string, Record<string, { operationId: string }>>).flatMap((methods) =>
      Object.values(methods).map((o) => o.operationId),
    );
    const card = (await ctx.http.get('/.well-known/agent-card.json')).body;
    const cardIds = card.capabilities.map((c: { operationId: string }) => c.operationId);
    const cardTools = card.capabilities.map((c: { mcpTool: string | null }) => c.mcpTool);
    const c = await mcp.connect({ authorization: `Bearer ${ctx.account.apiKey}`, 'x-tenant-id': ctx.account.tenantId }, '?toolsets=all');
    const tools = (await c.listTools()).tools.map((t) => t.name);
    for (const n of named) {
      expect(operationIds).toContain(`DialogsController_${n}`);
      expect(cardIds).toContain(`DialogsController_${n}`);
      expect(cardTools).toContain(`svc_DialogsController_${n}`);
      expect(tools).toContain(`svc_DialogsController_${n}`);
    }
    for (const n of bare) {
      expect(operationIds).not.toContain(n);
      expect(cardIds).not.toContain(n);
      expect(tools).not.toContain(`svc_${n}`);
    }
    // Called by its new tool name, the reply classifier answers as over HTTP.
    const ann = (await ctx.http.get('/api/dialogs?pageSize=50')).body.data.find((d: any) => d.email === 'ann@buyer.test');
    const res = (await c.callTool({ name: 'svc_DialogsController_classifyReply', arguments: { id: ann.id } })) as any;
    expect(res.isError).toBeFalsy();
    expect(res.structuredContent).toMatchObject((await ctx.http.post(`/api/dialogs/${ann.id}/classify`, {})).body);
  }, 60_000);

  it('file names that pass for another type: refused with a 400 on compose, forward and reply, and a received one is not forwarded', async () => {
    const { http } = ctx;
    const ann = (await http.get('/api/dialogs?pageSize=50')).body.data.find((d: any) => d.email === 'ann@buyer.test');
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const part = (disposition: string, content: string) => [
      '--MIX',
      'Content-Type: application/octet-stream',
      `Content-Disposition: attachment; ${disposition}`,
      'Content-Transfer-Encoding: base64',
      '',
      b64(content),
    ];
    await append(
      [
        `From: ann@buyer.test`,
        `To: ${USER}`,
        'Subject: Re: Hello Ann',
        'Message-ID: <ann-4@buyer.test>',
        'In-Reply-To: <ann-1@buyer.test>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="MIX"',
        '',
        '--MIX',
        'Content-Type: text/plain',
        '',
        'Invoice attached.',
        ...part('filename="invoice.pdf.exe"', 'MZ not really'),
        ...part("filename*=UTF-8''inv%E2%80%AEfdp.scr", 'MZ not really either'),
        ...part('filename="terms.txt"', 'plain terms'),
        '--MIX--',
        '',
      ].join('\n'),
    );
    expect((await syncInbox(http, { accountId })).body.data[0].outcomes.stored).toBe(1);
    const before = relay.messages.length;
    const fwd = await http.post(`/api/dialogs/${ann.id}/forward`, { recipient: 'dave@partner.test', messageId: '<ann-4@buyer.test>' });
    expect(fwd.status).toBe(201);
    expect(fwd.body.forwarded).toMatchObject({
      reattached: 1,
      notAttached: [
        { filename: 'invoice.pdf.exe', reason: 'unsafe_filename' },
        { filename: 'inv\\u202Efdp.scr', reason: 'unsafe_filename' },
      ],
    });
    const out = await waitFor(() => relay.messages.slice(before).find((m) => m.raw.includes('Invoice attached.')), 'the forward at the sink');
    expect((await simpleParser(out.raw)).attachments.map((a) => a.filename)).toEqual(['terms.txt']);

    const sent = relay.messages.length;
    for (const filename of ['invoice.pdf.exe', 'inv\u202Efdp.scr', 'report\u202Etxt.pdf']) {
      const attachmentsJson = [{ filename, contentBase64: b64('x'), contentType: 'application/pdf' }];
      const composed = await http.post('/api/dialogs/compose', {
        recipient: 'dora@newco.test',
        accountId,
        content: { subject: 'x', bodyHtml: '<p>x</p>' },
        attachmentsJson,
      });
      expect(composed.status, filename).toBe(400);
      expect(composed.body.message[0]).toMatch(/^attachmentsJson\[0\] \((invoice\.pdf\.exe|inv\\u202Efdp\.scr|report\\u202Etxt\.pdf)\): filename /);
      const forwarded = await http.post(`/api/dialogs/${ann.id}/forward`, { recipient: 'dave@partner.test', attachmentsJson });
      expect(forwarded.status, filename).toBe(400);
      const replied = await http.post(`/api/dialogs/${ann.id}/reply`, { bodyHtml: '<p>x</p>', attachmentsJson });
      expect(replied.status, filename).toBe(400);
    }
    expect(relay.messages.length).toBe(sent);
  }, 120_000);
});
