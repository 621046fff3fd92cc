import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { syncMailbox } from '../../shared/mailing/dialogs/sync.js';
import { createPasswordAccount } from '../../shared/mailing/senders/accounts.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startDovecot } from '../support/dovecot.js';
import { startSmtpRelay } from '../support/smtp-relay.js';
import { print, startBenchRuntime } from './support.js';

/**
 * Inbox sync: messages/s of a first full sync of a Dovecot mailbox of BENCH_INBOX_N (default 5,000)
 * messages (replies, 10 % out-of-office auto-replies, 2 % RFC 3464 DSNs; every one parsed, threaded,
 * classified and stored with its dialog and dialog.received event), then an incremental sync with
 * nothing new, then a re-sync after a UIDVALIDITY change (every message read again, none stored twice).
 * Real IMAP (imapflow → Dovecot) and DynamoDB Local in memory. Printed, never asserted.
 */
export async function run() {
  const n = Number(process.env.BENCH_INBOX_N ?? 5000);
  const rt = await startBenchRuntime({ SVC_ALLOW_LOOPBACK_TARGETS: 'true', INBOX_SYNC_MS: '0' });
  const [dovecot, relay] = await Promise.all([startDovecot(), startSmtpRelay()]);
  try {
    // Time spent in DynamoDB calls, by kind (a breakdown of where a message's time goes).
    const spent: Record<string, { calls: number; ms: number }> = {};
    const tenantTable = rt.deps.tenantTable.bind(rt.deps);
    rt.deps.tenantTable = (id: string) => {
      const t = tenantTable(id);
      return new Proxy(t, {
        get(target, prop, recv) {
          const v = Reflect.get(target, prop, recv);
          if (typeof v !== 'function') return v;
          return async (...args: unknown[]) => {
            const at = performance.now();
            try {
              return await v.apply(target, args);
            } finally {
              const k = String(prop);
              spent[k] ??= { calls: 0, ms: 0 };
              spent[k].calls++;
              spent[k].ms += performance.now() - at;
            }
          };
        },
      });
    };
    const owner = await createApprovedAccount(rt.deps);
    const table = rt.deps.tenantTable(owner.tenantId);
    const email = 'inbox@bench.test';
    dovecot.addUser(email, 'pw');
    relay.users.set(email, 'pw');
    const acc = await createPasswordAccount(rt.deps, table, {
      name: 'Bench inbox',
      email,
      smtpHost: '127.0.0.1',
      smtpPort: relay.port,
      smtpUser: email,
      smtpPass: 'pw',
      imapHost: '127.0.0.1',
      imapPort: dovecot.port,
      imapUser: email,
      imapPass: 'pw',
    });
    for (let i = 0; i < n; i++) {
      const from = `buyer${i % 1000}@company${i % 97}.test`;
      if (i % 50 === 7) {
        dovecot.deliver(
          email,
          `From: MAILER-DAEMON@mx.test\nTo: ${email}\nSubject: Undelivered Mail\nMessage-ID: <dsn${i}@mx.test>\nMIME-Version: 1.0\nContent-Type: multipart/report; report-type=delivery-status; boundary="B"\n\n--B\nContent-Type: text/plain\n\nfailed\n--B\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.test\n\nFinal-Recipient: rfc822; ${from}\nAction: failed\nStatus: 5.1.1\n--B\nContent-Type: text/rfc822-headers\n\nMessage-ID: <orig${i}@bench.test>\n--B--\n`,
        );
        continue;
      }
      const ooo = i % 10 === 3;
      dovecot.deliver(
        email,
        `From: Buyer ${i} <${from}>\nTo: ${email}\nSubject: ${ooo ? 'Out of office' : `Re: Offer ${i % 300}`}\nMessage-ID: <m${i}@bench.test>\nIn-Reply-To: <orig${i % 300}@bench.test>\nReferences: <orig${i % 300}@bench.test>\nDate: ${new Date(Date.now() - (n - i) * 1000).toUTCString()}\n${ooo ? 'Auto-Submitted: auto-replied\n' : ''}Content-Type: text/plain; charset=utf-8\n\n${ooo ? 'I am out of the office until Monday.' : `Thanks for the note ${i}. Sounds interesting, tell me more about pricing.\n\nOn Mon, someone wrote:\n> the original text`}\n`,
      );
    }
    const rows: Record<string, unknown>[] = [];
    const timed = async (label: string) => {
      for (const k of Object.keys(spent)) delete spent[k];
      const t = performance.now();
      const r = await syncMailbox(rt.deps, owner.tenantId, acc.id, { maxMessages: n + 100 });
      const s = (performance.now() - t) / 1000;
      rows.push({
        run: label,
        fetched: r.fetched,
        ...r.outcomes,
        reset: r.reset,
        seconds: Number(s.toFixed(2)),
        messagesPerSecond: r.fetched ? Math.round(r.fetched / s) : 0,
        ...(r.error ? { error: r.error } : {}),
        dynamoMsPerMessage: r.fetched
          ? Object.entries(spent)
              .map(([k, v]) => `${k} ${(v.ms / r.fetched).toFixed(1)}`)
              .join(', ')
          : '',
      });
    };
    await timed(`first sync, ${n} messages`);
    await timed('incremental, nothing new');
    await new Promise((r) => setTimeout(r, 1100));
    const box = path.join(dovecot.dir, 'mail', email);
    for (const f of readdirSync(box)) if (f.startsWith('dovecot')) rmSync(path.join(box, f), { force: true, recursive: true });
    await timed('UIDVALIDITY changed: full re-read');
    print('Inbox sync (imapflow → Dovecot, mailparser, DynamoDB Local in memory)', rows);
    return rows;
  } finally {
    await Promise.all([dovecot.stop(), relay.stop()]);
    await rt.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
