import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime } from '../support/accounts.js';
import { client } from '../support/runtime.js';
import { openSenderTransport } from '../../shared/mailing/senders/transport.js';
import { openInboxReader } from '../../shared/mailing/senders/inbox.js';

// The local runtime's own mail sandbox (smtp-server + the minimal IMAP server on 127.0.0.1), driven
// as a newcomer would: connect a sender with any password, test the connection, send, read the reply.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let smtpPort: number;
let imapPort: number;

beforeAll(async () => {
  ctx = await startTenantRuntime();
  const info = (await client(ctx.rt.url).get('/_local/mailbox')).body;
  [smtpPort, imapPort] = [info.smtp.port, info.imap.port];
});
afterAll(() => ctx?.rt.stop());

/** A generous bound, not a timing assertion: real logins and DNS round trips on a shared 2-core machine. */
const SLOW_MACHINE_MS = 180_000;

describe('local mail sandbox', () => {
  it(
    'a sender connects with any password, passes testConnection, and mail lands in the recipient mailbox (IMAP + /_local/mailbox)',
    async () => {
      const mk = (email: string) =>
        ctx.http.post('/api/email-accounts', {
          name: email,
          email,
          smtpHost: '127.0.0.1',
          smtpPort,
          smtpUser: email,
          smtpPass: 'anything',
          imapHost: '127.0.0.1',
          imapPort,
          imapUser: email,
          imapPass: 'anything',
        });
      const me = await mk('me@sandbox.test');
      expect(me.status).toBe(201);
      const buyer = await mk('buyer@sandbox.test');
      expect(buyer.status).toBe(201);
      expect((await ctx.http.post(`/api/email-accounts/${me.body.id}/test-connection`)).body).toMatchObject({ ok: true });

      const { tenantId } = ctx.account;
      const t = await openSenderTransport(ctx.rt.deps, tenantId, me.body.id);
      const sent = await t.send({
        from: { address: 'me@sandbox.test' },
        to: { address: 'buyer@sandbox.test' },
        subject: 'Hello from the sandbox',
        html: '<p>Hi</p>',
        text: 'Hi',
        messageId: '<s1@sandbox.test>',
      });
      await t.close();
      expect(sent.outcome).toBe('accepted');

      const reply = await openSenderTransport(ctx.rt.deps, tenantId, buyer.body.id);
      await reply.send({
        from: { address: 'buyer@sandbox.test' },
        to: { address: 'me@sandbox.test' },
        subject: 'Re: Hello from the sandbox',
        html: '<p>Yes</p>',
        text: 'Yes',
        messageId: '<r1@sandbox.test>',
        inReplyTo: '<s1@sandbox.test>',
      });
      await reply.close();

      const reader = await openInboxReader(ctx.rt.deps, tenantId, me.body.id);
      const batch = await reader.fetchSince(undefined);
      // Like Gmail, the sandbox filed the submission in the sender's Sent folder: the send engine's
      // Sent-folder check finds it by Message-ID (and only it: a HEADER search is no superset).
      const inSent = await reader.sentMessageIds(['<s1@sandbox.test>', '<r1@sandbox.test>', '<never@sandbox.test>']);
      await reader.close();
      expect(batch.messages).toHaveLength(1);
      expect(batch.messages[0].raw.toString()).toMatch(/In-Reply-To: <s1@sandbox\.test>/);
      expect([...inSent]).toEqual(['<s1@sandbox.test>']);

      const page = (await client(ctx.rt.url).get('/_local/mailbox?address=buyer@sandbox.test')).body;
      expect(page.mailboxes[0].messages[0]).toMatchObject({ from: 'me@sandbox.test', subject: 'Hello from the sandbox' });
      const html = await client(ctx.rt.url).get('/_local/mailbox', { accept: 'text/html' });
      expect(html.text).toMatch(/Local mail sandbox/);
    },
    SLOW_MACHINE_MS,
  );
});

describe('two runtimes in one process', () => {
  it('each /_local/mailbox names its own sandbox, and stopping one leaves the other’s (no process-wide current sandbox)', async () => {
    const other = await startTenantRuntime();
    try {
      const mine = (await client(ctx.rt.url).get('/_local/mailbox')).body;
      const theirs = (await client(other.rt.url).get('/_local/mailbox')).body;
      expect([mine.smtp.port, mine.imap.port]).toEqual([smtpPort, imapPort]);
      expect(theirs.smtp.port).not.toBe(smtpPort);
      expect(theirs.imap.port).not.toBe(imapPort);
    } finally {
      await other.rt.stop();
    }
    const after = await client(ctx.rt.url).get('/_local/mailbox');
    expect(after.status).toBe(200);
    expect(after.body.smtp.port).toBe(smtpPort);
  }, 120_000);
});

describe('mail sandbox stop', () => {
  it('ends open SMTP and IMAP sessions instead of waiting for them (npm start stopped only at its 10 s force exit)', async () => {
    const { startMailSandbox } = await import('../../infra/local/mail-sandbox/sandbox.js');
    const net = await import('node:net');
    const sandbox = await startMailSandbox();
    // Sessions that stay open, as the send worker's pooled SMTP connections and IMAP IDLE watchers do.
    const open = (port: number) =>
      new Promise<import('node:net').Socket>((resolve, reject) => {
        const s = net.connect(port, '127.0.0.1');
        s.once('data', () => resolve(s)); // the greeting
        s.once('error', reject);
      });
    const sockets = await Promise.all([open(sandbox.smtpPort), open(sandbox.imapPort)]);
    const closed = sockets.map((s) => new Promise((r) => s.once('close', r)));
    const stopped = await Promise.race([sandbox.stop().then(() => 'stopped'), new Promise((r) => setTimeout(() => r('still waiting'), 8_000))]);
    expect(stopped).toBe('stopped');
    await Promise.all(closed);
  }, 20_000);
});
