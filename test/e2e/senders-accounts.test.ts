import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../../shared/workspace/billing/billing.js';
import { startTenantRuntime, otherTenantClient } from '../support/accounts.js';
import { startDovecot, type Dovecot } from '../support/dovecot.js';
import { startSmtpRelay, type Relay } from '../support/smtp-relay.js';
import { EmailAccount } from '../../shared/mailing/senders/entities.js';
import { openSenderTransport, getSendingState, recordSend } from '../../shared/mailing/senders/transport.js';
import { openInboxReader } from '../../shared/mailing/senders/inbox.js';
import { createServer, type Server } from 'node:net';

// Real parts: the embedded runtime + DynamoDB Local, Dovecot (IMAP) and smtp-server (SMTP) on 127.0.0.1.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let dovecot: Dovecot;
let relay: Relay;

const body = (over: Record<string, unknown> = {}) => ({
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
  ...over,
});

beforeAll(async () => {
  [ctx, dovecot, relay] = await Promise.all([
    startTenantRuntime({ env: { SVC_ALLOW_LOOPBACK_TARGETS: 'true' } }),
    startDovecot(),
    startSmtpRelay({ rejectRcpt: /^nobody@/ }),
  ]);
  dovecot.addUser('sales@acme.test', 'imap-secret-1');
  relay.users.set('sales@acme.test', 'smtp-secret-1');
}, 120_000);
afterAll(async () => {
  await Promise.all([ctx?.rt.stop(), dovecot?.stop(), relay?.stop()]);
});

/** A generous bound, not a timing assertion: real logins and DNS round trips on a shared 2-core machine. */
const SLOW_MACHINE_MS = 180_000;

describe('sender mailboxes: real SMTP + IMAP login', () => {
  it(
    'a wrong IMAP password is 422 imap_auth_failed and nothing is stored',
    async () => {
      const r = await ctx.http.post('/api/email-accounts', body({ imapPass: 'wrong' }));
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ statusCode: 422, code: 'imap_auth_failed', side: 'imap' });
      expect(r.body.message).toMatch(/IMAP/);
      const list = await ctx.http.get('/api/email-accounts');
      expect(list.body.data).toEqual([]);
    },
    SLOW_MACHINE_MS,
  );

  it(
    'a wrong SMTP password and an unreachable SMTP port name the SMTP side',
    async () => {
      const bad = await ctx.http.post('/api/email-accounts', body({ smtpPass: 'nope' }));
      expect(bad.status).toBe(422);
      expect(bad.body).toMatchObject({ code: 'smtp_auth_failed', side: 'smtp' });
      const down = await ctx.http.post('/api/email-accounts', body({ smtpPort: 1 }));
      expect(down.body).toMatchObject({ code: 'smtp_unreachable', side: 'smtp' });
      expect((await ctx.http.get('/api/email-accounts')).body.data).toEqual([]);
    },
    SLOW_MACHINE_MS,
  );

  it(
    'a host answering with its own words: the answer names the side and a category, never the words (create, update, test-connection)',
    async () => {
      // Loopback listeners that greet with a marker and hang up: an SMTP refusal and an IMAP BYE.
      const listen = (greeting: string) =>
        new Promise<Server>((resolve) => {
          const server = createServer((socket) => socket.end(greeting));
          server.listen(0, '127.0.0.1', () => resolve(server));
        });
      const port = (s: Server) => (s.address() as { port: number }).port;
      const [smtpTalker, imapTalker] = await Promise.all([
        listen('554 5.7.1 relay-7.internal BANNER-MARKER-SMTP go away\r\n'),
        listen('* BYE imap-3.internal BANNER-MARKER-IMAP maintenance\r\n'),
      ]);
      try {
        const smtp = await ctx.http.post('/api/email-accounts', body({ smtpPort: port(smtpTalker) }));
        expect(smtp.status).toBe(422);
        expect(smtp.body).toMatchObject({
          code: 'smtp_unreachable',
          side: 'smtp',
          reason: 'refused_by_server',
          message: 'SMTP check failed: SMTP refused by the server: it answered the connection with an error (554)',
        });
        const imap = await ctx.http.post('/api/email-accounts', body({ imapPort: port(imapTalker) }));
        expect(imap.status).toBe(422);
        expect(imap.body).toMatchObject({ side: 'imap', message: expect.stringMatching(/^IMAP check failed: IMAP /) });
        const refused = await ctx.http.post('/api/email-accounts', body({ smtpPort: 1 }));
        expect(refused.body).toMatchObject({ code: 'smtp_unreachable', side: 'smtp', reason: 'connection_refused' });
        const wrongPass = await ctx.http.post('/api/email-accounts', body({ email: 'sales2@acme.test', imapPass: 'wrong' }));
        expect(wrongPass.body).toMatchObject({ code: 'imap_auth_failed', side: 'imap', reason: 'auth_failed', imap: { reason: 'auth_failed' } });
        for (const r of [smtp, imap, refused, wrongPass]) expect(JSON.stringify(r.body)).not.toMatch(/BANNER-MARKER|internal|go away|maintenance/);

        // An account that later points at the talker: test-connection and a PATCH say the same, in our words.
        const created = await ctx.http.post('/api/email-accounts', body({ email: 'talk@acme.test', name: 'Talk' }));
        expect(created.status).toBe(201);
        const id = created.body.id;
        const patched = await ctx.http.patch(`/api/email-accounts/${id}`, { smtpPort: port(smtpTalker) });
        expect(patched.status).toBe(422);
        expect(JSON.stringify(patched.body)).not.toMatch(/BANNER-MARKER/);
        await ctx.rt.deps.tenantTable(ctx.account.tenantId).update(EmailAccount.key({ accountId: id }), { set: { imapPort: port(imapTalker) } });
        const tested = await ctx.http.post(`/api/email-accounts/${id}/test-connection`);
        expect(tested.status).toBe(200);
        expect(tested.body).toMatchObject({ ok: false, smtp: { ok: true }, imap: { ok: false, code: 'imap_unreachable' } });
        expect(tested.body.imap.message).toMatch(/^IMAP /);
        expect(JSON.stringify(tested.body)).not.toMatch(/BANNER-MARKER|maintenance/);
        const stored = (await ctx.http.get(`/api/email-accounts/${id}`)).body;
        expect(JSON.stringify(stored)).not.toMatch(/BANNER-MARKER|maintenance/);
        expect((await ctx.http.delete(`/api/email-accounts/${id}`)).status).toBeLessThan(300);
      } finally {
        smtpTalker.close();
        imapTalker.close();
      }
    },
    SLOW_MACHINE_MS,
  );

  it(
    'connects, stores no plaintext password, refuses a duplicate and other tenants',
    async () => {
      const r = await ctx.http.post('/api/email-accounts', body());
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ email: 'sales@acme.test', auth: 'password', status: 'ACTIVE', hasPassword: true });
      expect(JSON.stringify(r.body)).not.toMatch(/secret-1|PassEnc/);
      const raw = await ctx.rt.deps.tenantTable(ctx.account.tenantId).get(EmailAccount.key({ accountId: r.body.id }));
      expect(JSON.stringify(raw)).not.toMatch(/imap-secret-1|smtp-secret-1/);
      expect(String(raw?.smtpPassEnc)).toMatch(/^v1\./);

      const again = await ctx.http.post('/api/email-accounts', body());
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'email_account_exists', accountId: r.body.id });

      const other = await otherTenantClient(ctx.rt);
      expect((await other.get(`/api/email-accounts/${r.body.id}`)).status).toBe(404);
      expect((await other.post(`/api/email-accounts/${r.body.id}/test-connection`)).status).toBe(404);
      expect((await other.delete(`/api/email-accounts/${r.body.id}`)).status).toBe(404);

      const test = await ctx.http.post(`/api/email-accounts/${r.body.id}/test-connection`);
      expect(test.body).toMatchObject({ ok: true, smtp: { ok: true }, imap: { ok: true } });
    },
    SLOW_MACHINE_MS,
  );

  it(
    'the transport sends through the relay and reports a 5xx refusal as rejected; the inbox reader reads by UID',
    async () => {
      const { tenantId } = ctx.account;
      const id = (await ctx.http.get('/api/email-accounts')).body.data[0].id;
      const t = await openSenderTransport(ctx.rt.deps, tenantId, id);
      const msg = (to: string, n: number) => ({
        from: { address: 'sales@acme.test' },
        to: { address: to },
        subject: `Hello ${n}`,
        html: '<p>hi</p>',
        text: 'hi',
        messageId: `<m${n}@acme.test>`,
      });
      const ok = await t.send(msg('buyer@example.test', 1));
      const bounced = await t.send(msg('nobody@example.test', 2));
      await t.close();
      expect(ok).toMatchObject({ outcome: 'accepted', code: 250 });
      expect(bounced).toMatchObject({ outcome: 'rejected', code: 550 });
      expect(relay.messages.map((m) => m.subject)).toContain('Hello 1');

      const now = ctx.rt.deps.clock.now();
      await recordSend(ctx.rt.deps, tenantId, id, ok, now);
      await recordSend(ctx.rt.deps, tenantId, id, bounced, now);
      const state = await getSendingState(ctx.rt.deps, tenantId, id, now);
      expect(state).toMatchObject({ sendable: false, reason: 'dns_unchecked', sentToday: 1 });

      dovecot.deliver('sales@acme.test', 'From: buyer@example.test\nTo: sales@acme.test\nSubject: Re: Hello 1\nMessage-ID: <r1@example.test>\n\nYes please\n');
      dovecot.deliver('sales@acme.test', 'From: buyer@example.test\nTo: sales@acme.test\nSubject: Re: Hello 2\nMessage-ID: <r2@example.test>\n\nAnd again\n');
      const reader = await openInboxReader(ctx.rt.deps, tenantId, id);
      const first = await reader.fetchSince(undefined, { limit: 1 });
      expect(first.messages).toHaveLength(1);
      expect(first.more).toBe(true);
      const second = await reader.fetchSince(first.cursor);
      expect(second.messages.map((m) => m.raw.toString()).join()).toMatch(/And again/);
      expect(second.more).toBe(false);
      expect((await reader.fetchSince(second.cursor)).messages).toEqual([]);
      await reader.close();
    },
    SLOW_MACHINE_MS,
  );

  it(
    'testInboxCheckConnection logs in to seed mailboxes and saves them only when all pass',
    async () => {
      dovecot.addUser('seed@gmail.test', 'seed-pw');
      const seed = (pass: string) => ({
        email: 'seed@gmail.test',
        provider: 'gmail',
        imapHost: '127.0.0.1',
        imapPort: dovecot.port,
        imapUser: 'seed@gmail.test',
        imapPass: pass,
      });
      const bad = await ctx.http.post('/api/settings/inbox-check/test-connection', { mailboxes: [seed('seed-pw'), seed('wrong')], save: true });
      expect(bad.body).toMatchObject({ ok: false, saved: false, results: [{ ok: true }, { ok: false, code: 'imap_auth_failed' }] });
      const good = await ctx.http.post('/api/settings/inbox-check/test-connection', { mailboxes: [seed('seed-pw')], save: true });
      expect(good.body).toMatchObject({ ok: true, saved: true });
    },
    SLOW_MACHINE_MS,
  );

  it(
    'a changed SMTP password is what the next send logs in with: the pooled connection of the old login is replaced',
    async () => {
      const id = (await ctx.http.get('/api/email-accounts')).body.data[0].id;
      await credit(ctx.rt.deps, ctx.account.tenantId, 5, 'test balance', 'test');
      await ctx.http.patch(`/api/email-accounts/${id}`, { dnsAcknowledged: true });
      await ctx.http.put('/api/settings/company-profile', { companyName: 'Acme', physicalAddress: '1 Test Road, Leeds' });
      const contact = await ctx.http.post('/api/contacts', { firstName: 'Pat', email: 'pat@buyer.test' });
      const compose = (subject: string) =>
        ctx.http.post('/api/dialogs/compose', { recipient: contact.body.id, accountId: id, content: { subject, bodyHtml: '<p>Hi Pat</p>' } });
      expect((await compose('Before the change')).status).toBe(201);

      // The provider takes the new password and ends the sessions of the old one; the user saves it here.
      relay.users.set('sales@acme.test', 'smtp-secret-2');
      relay.dropSessions();
      expect((await ctx.http.patch(`/api/email-accounts/${id}`, { smtpPass: 'smtp-secret-2' })).status).toBe(200);
      const loginsBefore = relay.logins.length;
      const after = await compose('After the change');
      expect(after.status).toBe(201);
      expect(relay.messages.map((m) => m.subject)).toContain('After the change');
      expect(relay.logins.slice(loginsBefore)).toContainEqual({ user: 'sales@acme.test', method: 'PLAIN', ok: true });
      expect(relay.logins.slice(loginsBefore).filter((l) => !l.ok)).toEqual([]);
      // Put back what the next test starts from.
      relay.users.set('sales@acme.test', 'smtp-secret-1');
      expect((await ctx.http.patch(`/api/email-accounts/${id}`, { smtpPass: 'smtp-secret-1' })).status).toBe(200);
    },
    SLOW_MACHINE_MS,
  );

  it(
    'changing the password re-runs the login; delete frees the address',
    async () => {
      const id = (await ctx.http.get('/api/email-accounts')).body.data[0].id;
      const bad = await ctx.http.patch(`/api/email-accounts/${id}`, { smtpPass: 'wrong' });
      expect(bad.status).toBe(422);
      const renamed = await ctx.http.patch(`/api/email-accounts/${id}`, { name: 'Sales EU', dnsAcknowledged: true });
      expect(renamed.body).toMatchObject({ name: 'Sales EU' });
      expect(renamed.body.dnsAcknowledgedAt).toBeTruthy();
      expect((await ctx.http.delete(`/api/email-accounts/${id}`)).body).toEqual({ id, deleted: true });
      expect((await ctx.http.get(`/api/email-accounts/${id}`)).status).toBe(404);
    },
    SLOW_MACHINE_MS,
  );
});
