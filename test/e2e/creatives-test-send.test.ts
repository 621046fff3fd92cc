import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherTenantClient, startTenantRuntime } from '../support/accounts.js';
import { startDovecot, type Dovecot } from '../support/dovecot.js';
import { startSmtpRelay, type Relay } from '../support/smtp-relay.js';

// Real parts: the runtime + DynamoDB Local, smtp-server (the sender's SMTP) and Dovecot (its IMAP, for the account check) on 127.0.0.1.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let dovecot: Dovecot;
let relay: Relay;
let accountId: string;

beforeAll(async () => {
  [ctx, dovecot, relay] = await Promise.all([startTenantRuntime({ env: { SVC_ALLOW_LOOPBACK_TARGETS: 'true' } }), startDovecot(), startSmtpRelay()]);
  dovecot.addUser('sales@acme.test', 'imap-secret-1');
  relay.users.set('sales@acme.test', 'smtp-secret-1');
  const acc = await ctx.http.post('/api/email-accounts', {
    name: 'Sales',
    email: 'sales@acme.test',
    imapHost: '127.0.0.1',
    imapPort: dovecot.port,
    imapUser: 'sales@acme.test',
    imapPass: 'imap-secret-1',
    smtpHost: '127.0.0.1',
    smtpPort: relay.port,
    smtpUser: 'sales@acme.test',
    smtpPass: 'smtp-secret-1',
  });
  expect(acc.status).toBe(201);
  accountId = acc.body.id;
}, 170_000);
afterAll(async () => {
  await Promise.all([ctx?.rt.stop(), dovecot?.stop(), relay?.stop()]);
});

describe('creative test sends', () => {
  it('reach the verified owner through the sender SMTP and nowhere else; another address in the body is 400', { timeout: 180_000 }, async () => {
    const api = ctx.http;
    const co = (await api.post('/api/companies', { name: 'Acme' })).body;
    const contact = (await api.post('/api/contacts', { firstName: 'Anna', email: 'anna@customer.example', companyId: co.id })).body;
    const cr = (
      await api.post('/api/creatives', {
        name: 'Intro',
        subject: 'Hello {{firstName|there}}',
        bodyHtml: '<p>Hi {{firstName|there}} at {{company.name|your company}}</p>',
      })
    ).body;

    for (const extra of [{ to: 'victim@evil.example' }, { email: 'victim@evil.example' }, { recipients: ['x@evil.example'] }]) {
      const bad = await api.post(`/api/creatives/${cr.id}/test-send`, { accountId, ...extra });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toEqual([`property ${Object.keys(extra)[0]} should not exist`]);
    }
    expect(relay.messages).toHaveLength(0);

    const sent = await api.post(`/api/creatives/${cr.id}/test-send`, { accountId, contactId: contact.id });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ to: ctx.account.email, outcome: 'accepted', smtpCode: 250, subject: '[TEST] Hello Anna', accountId });
    expect(relay.messages).toHaveLength(1);
    expect(relay.messages[0].to).toEqual([ctx.account.email]);
    expect(relay.messages[0].from).toBe('sales@acme.test');
    expect(relay.messages[0].subject).toBe('[TEST] Hello Anna');
    expect(relay.messages[0].raw).not.toContain('anna@customer.example');

    const plain = await api.post(`/api/creatives/${cr.id}/test-send`, { accountId });
    expect(plain.body.subject).toBe('[TEST] Hello there');
    expect(relay.messages.map((m) => m.to)).toEqual([[ctx.account.email], [ctx.account.email]]);

    const list = await api.get(`/api/creatives/${cr.id}/test-sends`);
    expect(list.body.data.map((s: any) => s.id)).toEqual([plain.body.id, sent.body.id]);
    expect(list.body.data[1]).toMatchObject({ smtpCode: 250, outcome: 'accepted', to: ctx.account.email });

    expect((await api.post(`/api/creatives/${cr.id}/test-send`, { accountId: 'nope' })).status).toBe(404);
    const other = await otherTenantClient(ctx.rt);
    expect((await other.post(`/api/creatives/${cr.id}/test-send`, { accountId })).status).toBe(404);
    expect((await other.get(`/api/creatives/${cr.id}/test-sends`)).status).toBe(404);
    expect(relay.messages).toHaveLength(2);
  });
});
