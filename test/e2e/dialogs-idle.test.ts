import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime } from '../support/accounts.js';
import { startDovecot, type Dovecot } from '../support/dovecot.js';
import { startSmtpRelay, type Relay } from '../support/smtp-relay.js';
import { waitFor } from '../support/webhook-receiver.js';

// Real parts: the embedded runtime with its dialogs background service (poll every 10 minutes, so
// only IMAP IDLE can bring mail in within the test), Dovecot (IDLE-capable), smtp-server. No dialogs_sync call.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let dovecot: Dovecot;
let relay: Relay;
const USER = 'idle@acme.test';

beforeAll(async () => {
  [ctx, dovecot, relay] = await Promise.all([
    startTenantRuntime({ env: { SVC_ALLOW_LOOPBACK_TARGETS: 'true', INBOX_SYNC_MS: '600000' } }),
    startDovecot(),
    startSmtpRelay(),
  ]);
  dovecot.addUser(USER, 'imap-secret-3');
  relay.users.set(USER, 'smtp-secret-3');
}, 120_000);
afterAll(async () => {
  await Promise.all([ctx?.rt.stop(), dovecot?.stop(), relay?.stop()]);
});

async function append(id: string, body: string) {
  const c = new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user: USER, pass: 'imap-secret-3' }, logger: false });
  await c.connect();
  try {
    await c.append(
      'INBOX',
      `From: pat@buyer.test\r\nTo: ${USER}\r\nSubject: Question ${id}\r\nMessage-ID: <${id}@buyer.test>\r\nContent-Type: text/plain\r\n\r\n${body}\r\n`,
    );
  } finally {
    await c.logout();
  }
}

describe('inbox sync over IMAP IDLE (local runtime)', () => {
  it('mail that arrives while the mailbox is watched becomes a dialog without a poll or a sync call', async () => {
    const { http } = ctx;
    const acc = await http.post('/api/email-accounts', {
      name: 'Idle',
      email: USER,
      imapHost: '127.0.0.1',
      imapPort: dovecot.port,
      imapUser: USER,
      imapPass: 'imap-secret-3',
      smtpHost: '127.0.0.1',
      smtpPort: relay.port,
      smtpUser: USER,
      smtpPass: 'smtp-secret-3',
    });
    expect(acc.status).toBe(201);
    await append('first', 'Hello, is this still available?');
    // The watch list refreshes every 15 s; a new watch catches up with what is already there.
    const first = await waitFor(async () => (await http.get('/api/dialogs')).body.data.length === 1, 'the first dialog (watch opened)', 90_000, 500);
    expect(first).toBe(true);
    const t = Date.now();
    await append('second', 'And the price?');
    await waitFor(async () => (await http.get('/api/dialogs')).body.data.length === 2, 'the second dialog, pushed by IDLE', 30_000, 200);
    console.log(`IDLE: a new message became a dialog ${Date.now() - t} ms after the APPEND`);
  }, 180_000);
});
