// Issue 26 item 6 in real Chromium: a sandbox mailbox connected over the API emails a contact; the
// contact answers from the local mail sandbox (/_local/mailbox/reply: real SMTP into the runtime's
// sandbox, read back over IMAP); the person presses "Sync now", sees the dialog labelled Interested with
// its unread count, opens the thread, sees the reply's HTML version styled in its frame, generates a
// reply, edits it and sends it. The sent reply is checked over the API and in the contact's sandbox
// mailbox. Bea then sends her price list (a real SMTP submission into the sandbox): after a sync, the
// thread lists her files as download links, and the link's address answers the bytes she sent. Every
// page is screenshotted and checked with axe, at 1280 px and at 390 px. Nothing mocked (no AI provider:
// the classifier's rules and the draft template).
import { createHash, randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { credit } from '../../shared/workspace/billing/billing.js';
import { startBrowser, type BrowserRun } from '../support/browser.js';
import { client } from '../support/runtime.js';
import { activeAccount, startAccountsRuntime } from './accounts-fixtures.js';

// A real Chromium through several pages with axe: a bound for a shared 2-core machine, not a timing assertion.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let run: BrowserRun;
// INBOX_SYNC_MS=0: no scheduled sync, so the reply reaches the inbox only when the person presses "Sync now".
beforeAll(async () => ([env, run] = await Promise.all([startAccountsRuntime({ INBOX_SYNC_MS: '0' }), startBrowser('inbox')])));
afterAll(async () => (await run?.close(), await env?.stop()));

interface ApiMessage {
  direction: 'in' | 'out';
  kind?: string;
  text: string;
  subject: string;
}

describe('inbox: a reply from the sandbox, synced, labelled and answered', () => {
  it('a person syncs, sees the dialog labelled Interested, opens it, generates a reply, edits and sends it', async () => {
    const account = await activeAccount(env);
    const api = client(env.rt.url, { key: account.apiKey });
    const local = client(env.rt.url);
    await credit(env.rt.deps, account.tenantId, 5, 'test balance', 'test');
    const sandbox = (await local.get('/_local/mailbox')).body;
    const mailbox = await api.post('/api/email-accounts', {
      name: 'Sales',
      email: 'sales@sandbox.test',
      smtpHost: '127.0.0.1',
      smtpPort: sandbox.smtp.port,
      smtpUser: 'sales@sandbox.test',
      smtpPass: 'anything',
      imapHost: '127.0.0.1',
      imapPort: sandbox.imap.port,
      imapUser: 'sales@sandbox.test',
      imapPass: 'anything',
    });
    expect(mailbox.status).toBe(201);
    expect((await api.patch(`/api/email-accounts/${mailbox.body.id}`, { dnsAcknowledged: true })).status).toBe(200);
    expect((await api.put('/api/settings/company-profile', { companyName: 'Acme Ltd', physicalAddress: '1 Sandbox Street' })).status).toBe(200);
    const contact = await api.post('/api/contacts', { firstName: 'Bea', lastName: 'Buyer', email: 'bea@buyer.test' });
    const sent = await api.post('/api/dialogs/compose', {
      recipient: contact.body.id,
      accountId: mailbox.body.id,
      content: { subject: 'Pricing for Acme', bodyHtml: '<p>Hi Bea, shall I send our pricing?</p>' },
    });
    expect(sent.status).toBe(201);
    // Bea is in a follow-up sequence whose first step is days away: her reply stops it, and the sequence page says why.
    const sequence = await api.post('/api/sequences', {
      name: 'Pricing follow-up',
      accountId: mailbox.body.id,
      steps: [{ delayDays: 5, subject: 'Following up', bodyHtml: '<p>Hi {{firstName}}</p>' }],
    });
    expect(sequence.status).toBe(201);
    expect((await api.post(`/api/sequences/${sequence.body.id}/enroll`, { contactIds: [contact.body.id] })).body.enrolled).toBe(1);
    const beaInbox = async () => (await local.get('/_local/mailbox?address=bea@buyer.test')).body.mailboxes[0].messages as { uid: number }[];
    const [first] = await beaInbox();
    // Her mail client sends an HTML version with an inline style too: the thread shows it styled, as she wrote it.
    const answered = await local.post('/_local/mailbox/reply', {
      address: 'bea@buyer.test',
      uid: first.uid,
      text: 'Interested, send me the pricing please.',
      html: '<p style="color: rgb(200, 0, 0)">Interested, send me the pricing please.</p>',
    });
    expect(answered.status).toBe(200);

    // Before the sync the inbox holds only our outbound thread, not yet labelled.
    const p = await run.newPage();
    await p.signIn(env.rt.url, account, '/inbox');
    await p.waitForText('Pricing for Acme');
    await p.waitForText('Not classified');
    await p.check('inbox-before-sync');

    await p.click('button', 'Sync now');
    await p.waitForText('sales@sandbox.test: 1 read, 1 new');
    await p.page.waitForSelector('.dialog-list .class-interested', { timeout: 20_000 });
    await p.waitForText('1 unread');
    await p.waitForText('Interested: 1 unread');
    const listed = (await api.get('/api/dialogs')).body.data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: sent.body.dialogId, classification: 'interested', unread: true, replyCount: 1 });
    await p.check('inbox-synced');

    // The label filter: only Interested dialogs, kept in the address.
    await p.click('button', 'Interested: 1 unread');
    await p.waitForLocation((l) => l.includes('label=interested') && l.includes('unread=true'));
    await p.waitForText('Pricing for Acme');

    await p.click('link', 'Pricing for Acme');
    await p.waitForLocation((l) => l === `/app/inbox/${sent.body.dialogId}`);
    await p.waitForText('Interested, send me the pricing please.');
    const opened = (await api.get(`/api/dialogs/${sent.body.dialogId}`)).body;
    expect(opened.unread).toBe(false); // opening it read it
    await p.check('thread');

    // Her HTML version, framed from its own URL (remote images off by default): styled, no CSP violation.
    const herReply = (opened.messages as (ApiMessage & { messageId: string; html: string })[]).find((m) => m.direction === 'in')!;
    expect(herReply.html).toContain('<p style="color: rgb(200, 0, 0)">Interested, send me the pricing please.</p>');
    await (await p.page.waitForSelector('article.message-in button[aria-expanded="false"]', { timeout: 20_000 }))!.click();
    const src = await (await p.page.waitForSelector('article.message-in iframe.message-html', { timeout: 20_000 }))!.evaluate((f) => [
      f.getAttribute('sandbox'),
      f.getAttribute('src'),
    ]);
    const query = new URLSearchParams({ messageId: herReply.messageId, images: 'off', workspace: account.tenantId });
    expect(src).toEqual(['', `/api/dialogs/${sent.body.dialogId}/message-document?${query}`]);
    expect(await p.inFrame('article.message-in iframe.message-html', 'p', /Interested/)).toEqual({
      text: 'Interested, send me the pricing please.',
      color: 'rgb(200, 0, 0)',
    });
    expect(p.problems.filter((x) => x.startsWith('CSP'))).toEqual([]);
    await p.check('thread-html-version');

    await p.click('button', 'Generate reply');
    await p.waitForText('Draft from a template');
    const draftText = await p.byLabel('Reply text').then((el) => el.evaluate((e) => (e as HTMLTextAreaElement).value));
    expect(draftText.trim().length).toBeGreaterThan(0);
    const edited = 'Hi Bea,\n\nThank you! Our pricing starts at 49 EUR a month; I attach nothing today.\n\nBest, Sales';
    await p.fill('Reply text', edited);
    await p.check('reply-draft-edited');
    await p.click('button', 'Send reply');
    await p.waitForText('Reply sent.');
    await p.waitForText('Thank you! Our pricing starts at 49 EUR a month'); // the thread shows it, refetched

    const thread = (await api.get(`/api/dialogs/${sent.body.dialogId}`)).body;
    const ours = (thread.messages as ApiMessage[]).filter((m) => m.direction === 'out' && m.kind === 'sent'); // the first email (compose), then the reply
    expect(ours).toHaveLength(2);
    expect(ours[1].text).toContain('Our pricing starts at 49 EUR a month');
    expect(ours[1].text).not.toBe(draftText);
    expect(ours[1].subject).toMatch(/^Re: /);
    expect(await beaInbox()).toHaveLength(2); // delivered to the contact's sandbox mailbox
    await p.check('reply-sent');

    // Back in the inbox the dialog is read: no unread count any more.
    await p.click('link', 'Back to the inbox');
    await p.waitForText('Nothing unread');

    // The sequence: Bea stopped because she replied.
    await p.click('link', 'Sequences');
    await p.click('link', 'Pricing follow-up');
    await p.waitForText('They replied');
    const enrolment = (await api.get(`/api/sequences/${sequence.body.id}/enrolments`)).body.data[0];
    expect(enrolment).toMatchObject({ contactId: contact.body.id, status: 'replied' });
    expect(await p.text()).toContain('Replied');
    await p.check('sequence-stopped');

    // Bea sends her files; after a sync the thread lists them as download links that answer her bytes.
    const priceList = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2000)]);
    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: sandbox.smtp.port, secure: false, ignoreTLS: true });
    await smtp.sendMail({
      from: 'bea@buyer.test',
      to: 'sales@sandbox.test',
      subject: 'Re: Pricing for Acme',
      inReplyTo: sent.body.messageId,
      references: [sent.body.messageId],
      text: 'Here is our current price list.',
      attachments: [
        { filename: 'price list.pdf', contentType: 'application/pdf', content: priceList },
        { filename: 'chart.svg', contentType: 'image/svg+xml', content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' },
      ],
    });
    smtp.close();
    await p.click('link', 'Inbox');
    await p.click('button', 'Sync now');
    await p.waitForText('1 unread');
    await p.click('link', 'Pricing for Acme');
    await p.waitForText('Here is our current price list.');
    const link = await p.page.waitForSelector('::-p-aria([name="price list.pdf"][role="link"])', { timeout: 20_000 });
    const seen = await link!.evaluate((a) => ({
      href: (a as HTMLAnchorElement).getAttribute('href')!,
      download: a.hasAttribute('download'),
      focusable: (a as HTMLAnchorElement).tabIndex === 0,
      item: a.closest('li')!.textContent,
    }));
    expect(seen).toMatchObject({ download: true, focusable: true, item: 'price list.pdf (application/pdf, 2 KB)' });
    const received = (await api.get(`/api/dialogs/${sent.body.dialogId}`)).body.messages.at(-1);
    expect(seen.href).toBe(`/api/dialogs/${sent.body.dialogId}/messages/${received.messageKey}/attachments/0?workspace=${account.tenantId}`);
    // The link's address, fetched by the page with its session cookie: Bea's bytes, as a download.
    const fetched = async (href: string) =>
      p.page.evaluate(async (h) => {
        const r = await fetch(h);
        const bytes = new Uint8Array(await r.arrayBuffer());
        let binary = '';
        for (const b of bytes) binary += String.fromCharCode(b);
        return { status: r.status, type: r.headers.get('content-type'), disposition: r.headers.get('content-disposition'), base64: btoa(binary) };
      }, href);
    const pdf = await fetched(seen.href);
    expect(pdf).toMatchObject({
      status: 200,
      type: 'application/pdf',
      disposition: `attachment; filename="price list.pdf"; filename*=UTF-8''price%20list.pdf`,
    });
    expect(createHash('sha256').update(Buffer.from(pdf.base64, 'base64')).digest('hex')).toBe(createHash('sha256').update(priceList).digest('hex'));
    const svgHref = await p.page.$eval('::-p-aria([name="chart.svg"][role="link"])', (a) => a.getAttribute('href')!);
    expect(await fetched(svgHref)).toMatchObject({ status: 200, type: 'application/octet-stream', disposition: expect.stringContaining("UTF-8''chart_svg") });
    await p.check('thread-attachments');

    // A phone's width: the thread and the inbox.
    await p.page.setViewport({ width: 390, height: 844 });
    await p.goto(`${env.rt.url}/app/inbox/${sent.body.dialogId}`);
    await p.waitForText('Interested, send me the pricing please.');
    await p.waitForText('price list.pdf');
    await p.check('thread-390');
    await p.goto(`${env.rt.url}/app/inbox`);
    await p.waitForText('Pricing for Acme');
    await p.check('inbox-390');
    await p.close();
  });
});
