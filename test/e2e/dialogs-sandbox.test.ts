import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../../shared/workspace/billing/billing.js';
import { startTenantRuntime } from '../support/accounts.js';
import { client } from '../support/runtime.js';
import { syncInbox } from './dialogs-fixtures.js';

// The newcomer's path in the local runtime's own mail sandbox (SMTP + IMAP on 127.0.0.1): compose from
// a sender mailbox, reply as the recipient from /_local/mailbox, sync, and read the dialog. Nothing mocked.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;

beforeAll(async () => {
  ctx = await startTenantRuntime({ env: { INBOX_SYNC_MS: '0' } });
}, 120_000);
afterAll(() => ctx?.rt.stop());

describe('local mail sandbox → dialogs', () => {
  it('a reply written from /_local/mailbox into the sender mailbox becomes a threaded dialog', async () => {
    const { http } = ctx;
    const local = client(ctx.rt.url);
    const info = (await local.get('/_local/mailbox')).body;
    await credit(ctx.rt.deps, ctx.account.tenantId, 5, 'test balance', 'test');
    const me = await http.post('/api/email-accounts', {
      name: 'Me',
      email: 'me@sandbox.test',
      smtpHost: '127.0.0.1',
      smtpPort: info.smtp.port,
      smtpUser: 'me@sandbox.test',
      smtpPass: 'anything',
      imapHost: '127.0.0.1',
      imapPort: info.imap.port,
      imapUser: 'me@sandbox.test',
      imapPass: 'anything',
    });
    expect(me.status).toBe(201);
    await http.patch(`/api/email-accounts/${me.body.id}`, { dnsAcknowledged: true });
    await http.put('/api/settings/company-profile', { companyName: 'Me Ltd', physicalAddress: '2 Sandbox Street' });
    const contact = await http.post('/api/contacts', { firstName: 'Buyer', email: 'buyer@sandbox.test' });

    const sent = await http.post('/api/dialogs/compose', {
      recipient: contact.body.id,
      accountId: me.body.id,
      content: { subject: 'Hello from the sandbox', bodyHtml: '<p>Hi Buyer</p>' },
    });
    expect(sent.status).toBe(201);
    const inbox = (await local.get('/_local/mailbox?address=buyer@sandbox.test')).body.mailboxes[0].messages;
    expect(inbox).toHaveLength(1);
    expect((await local.get('/_local/mailbox', { accept: 'text/html' })).text).toContain('Reply as buyer@sandbox.test');

    const r = await local.post('/_local/mailbox/reply', { address: 'buyer@sandbox.test', uid: inbox[0].uid, text: 'Interested, send me the pricing.' });
    expect(r.status).toBe(200);
    expect(r.body.deliveredTo).toBe('me@sandbox.test');
    expect((await local.post('/_local/mailbox/reply', { address: 'buyer@sandbox.test', uid: 999 })).status).toBe(404);

    const sync = await syncInbox(http, {});
    expect(sync.body.data.find((s: any) => s.accountId === me.body.id)).toMatchObject({ outcomes: { stored: 1 } });
    const thread = (await http.get(`/api/dialogs/${sent.body.dialogId}`)).body;
    expect(thread).toMatchObject({ contactId: contact.body.id, classification: 'interested', replyCount: 1, messageCount: 2 });
    expect(thread.messages.map((m: any) => [m.direction, m.inReplyTo])).toEqual([
      ['out', null],
      ['in', sent.body.messageId],
    ]);

    // A second answer asks to be removed: classified unsubscribe_request, the address is suppressed, a compose to it is refused.
    const again = await local.post('/_local/mailbox/reply', {
      address: 'buyer@sandbox.test',
      uid: inbox[0].uid,
      text: 'Please unsubscribe me from these emails.',
    });
    expect(again.status).toBe(200);
    expect((await syncInbox(http, { accountId: me.body.id })).body.data[0].outcomes.stored).toBe(1);
    expect((await http.get(`/api/dialogs/${sent.body.dialogId}`)).body).toMatchObject({ classification: 'unsubscribe_request', replyCount: 2 });
    expect((await http.get('/api/suppression?source=unsubscribe')).body.data.map((e: any) => e.value)).toContain('buyer@sandbox.test');
    const refused = await http.post('/api/dialogs/compose', {
      recipient: 'buyer@sandbox.test',
      accountId: me.body.id,
      content: { subject: 'Again', bodyHtml: '<p>x</p>' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('recipient_suppressed');
  }, 120_000);
});
