import { pathToFileURL } from 'node:url';
import { createApprovedAccount } from '../support/accounts.js';
import { startDovecot } from '../support/dovecot.js';
import { startSmtpRelay } from '../support/smtp-relay.js';
import { startMailSandbox } from '../../infra/local/mail-sandbox/sandbox.js';
import { createPasswordAccount, testConnection } from '../../shared/mailing/senders/accounts.js';
import { openSenderTransport } from '../../shared/mailing/senders/transport.js';
import { openInboxReader } from '../../shared/mailing/senders/inbox.js';
import { print, startBenchRuntime } from './support.js';

/**
 * Sender mailboxes: how long a real two-sided login takes (create = SMTP verify + IMAP LOGIN/SELECT,
 * then the write), testConnection, pooled sends through the transport, and an inbox read of N
 * messages, against (a) smtp-server + Dovecot and (b) the local mail sandbox (smtp-server + the
 * minimal IMAP server). BENCH_SENDER_N (default 20) repetitions / messages. Printed, never asserted.
 */
export async function run() {
  const n = Number(process.env.BENCH_SENDER_N ?? 20);
  const rt = await startBenchRuntime({ SVC_ALLOW_LOOPBACK_TARGETS: 'true' });
  const [dovecot, relay, sandbox] = await Promise.all([startDovecot(), startSmtpRelay(), startMailSandbox()]);
  const rows: Record<string, unknown>[] = [];
  try {
    const acc = await createApprovedAccount(rt.deps);
    const table = rt.deps.tenantTable(acc.tenantId);
    const targets = [
      {
        name: 'smtp-server + Dovecot',
        smtpPort: relay.port,
        imapPort: dovecot.port,
        add: (e: string) => (dovecot.addUser(e, 'pw'), relay.users.set(e, 'pw')),
        deliver: (e: string, raw: string) => dovecot.deliver(e, raw),
      },
      {
        name: 'local mail sandbox',
        smtpPort: sandbox.smtpPort,
        imapPort: sandbox.imapPort,
        add: () => undefined,
        deliver: (e: string, raw: string) => void sandbox.store.deliver(e, 'x@bench.test', 'bench', raw, new Date()),
      },
    ];
    for (const t of targets) {
      const ms = (a: number) => Number((performance.now() - a).toFixed(1));
      let started = performance.now();
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const email = `b${i}-${t.smtpPort}@bench.test`;
        t.add(email);
        const a = await createPasswordAccount(rt.deps, table, {
          name: email,
          email,
          smtpHost: '127.0.0.1',
          smtpPort: t.smtpPort,
          smtpUser: email,
          smtpPass: 'pw',
          imapHost: '127.0.0.1',
          imapPort: t.imapPort,
          imapUser: email,
          imapPass: 'pw',
        });
        ids.push(a.id);
      }
      const createMs = ms(started) / n;
      started = performance.now();
      for (const id of ids) await testConnection(rt.deps, table, id);
      const testMs = ms(started) / n;
      const tr = await openSenderTransport(rt.deps, acc.tenantId, ids[0]);
      started = performance.now();
      await Promise.all(
        Array.from({ length: n * 5 }, (_, i) =>
          tr.send({
            from: { address: 'b@bench.test' },
            to: { address: `r${i}@bench.test` },
            subject: `m${i}`,
            html: '<p>x</p>',
            text: 'x',
            messageId: `<m${i}@bench.test>`,
          }),
        ),
      );
      const sendsPerSecond = Math.round((n * 5) / ((performance.now() - started) / 1000));
      await tr.close();
      const reader = `b0-${t.smtpPort}@bench.test`;
      for (let i = 0; i < n * 5; i++) t.deliver(reader, `From: x@bench.test\nTo: ${reader}\nSubject: r${i}\nMessage-ID: <r${i}@bench.test>\n\nreply ${i}\n`);
      started = performance.now();
      const r = await openInboxReader(rt.deps, acc.tenantId, ids[0]);
      const batch = await r.fetchSince(undefined, { limit: 500 });
      await r.close();
      rows.push({
        target: t.name,
        accounts: n,
        createMsEach: Number(createMs.toFixed(1)),
        testConnectionMsEach: Number(testMs.toFixed(1)),
        pooledSendsPerSecond: sendsPerSecond,
        inboxRead: `${batch.messages.length} msgs in ${ms(started)} ms`,
      });
    }
    print('Sender mailboxes: real logins, pooled sends, inbox reads (loopback)', rows);
    return rows;
  } finally {
    await Promise.all([dovecot.stop(), relay.stop(), sandbox.stop()]);
    await rt.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
