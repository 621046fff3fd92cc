import path from 'node:path';
import type { AddressInfo, Server, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { Deps } from '../../../shared/platform/runtime/deps.js';
import type { BackgroundService } from '../background.js';
import { startSandboxImap } from './imap-server.js';
import type { MailSandbox as MailSandboxView } from '../../../shared/platform/ports/mail-sandbox.js';
import { SandboxStore } from './store.js';

/**
 * The local mail sandbox of `npm start`: an SMTP server and an IMAP server on 127.0.0.1 that a
 * sender account can be pointed at with any address and any password. Mail sent through the SMTP
 * side lands in each recipient's sandbox mailbox (readable over IMAP as that address, and at
 * GET /_local/mailbox), so a reply sent to a sender mailbox can be read back by the inbox sync. Like
 * Gmail, it files a copy of every submission in the sender's Sent folder (the SMTP login, else the
 * envelope sender), written before the 250, so the send engine's Sent-folder check finds what a
 * killed runtime had handed over (docs/sending.md, "Exactly once").
 * Ports: MAIL_SANDBOX_SMTP_PORT / MAIL_SANDBOX_IMAP_PORT (default 2525 / 1143; 0 = any free port),
 * MAIL_SANDBOX=off disables it (`deps.config.local.mailSandbox`). Nothing leaves the machine: no relaying to real domains.
 */
export interface MailSandbox {
  smtpPort: number;
  imapPort: number;
  store: SandboxStore;
  stop(): Promise<void>;
}

export async function startMailSandbox(opts: { dataDir?: string; smtpPort?: number; imapPort?: number; now?: () => number } = {}): Promise<MailSandbox> {
  const store = new SandboxStore(opts.dataDir ? path.join(opts.dataDir, 'mail-sandbox') : undefined);
  const now = opts.now ?? Date.now;
  const smtp = new SMTPServer({
    name: 'sandbox.local',
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN', 'XOAUTH2'],
    authOptional: true,
    logger: false,
    // The runtime's own pooled SMTP connections may still be open when the sandbox stops: drop them
    // after a second instead of smtp-server's 30 s (stop hung until main.ts forced the exit at 10 s).
    closeTimeout: 1000,
    size: 10 * 1024 * 1024,
    onAuth(auth, _session, cb) {
      cb(null, { user: auth.username }); // any password: the sandbox is for trying the product out
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) return cb(Object.assign(new Error('552 message too large'), { responseCode: 552 }));
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = await simpleParser(raw).catch(() => undefined);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const at = new Date(now());
        for (const r of session.envelope.rcptTo) store.deliver(r.address, from, parsed?.subject ?? '', raw, at);
        const sender = typeof session.user === 'string' && session.user.includes('@') ? session.user : from;
        if (sender) store.deliver(sender, from, parsed?.subject ?? '', raw, at, 'Sent');
        cb(null, 'delivered to the local sandbox');
      });
    },
  });
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(opts.smtpPort ?? 0, '127.0.0.1', () => resolve());
  });
  let imap: Server;
  try {
    imap = await startSandboxImap(store, opts.imapPort ?? 0);
  } catch (e) {
    await new Promise<void>((r) => smtp.close(() => r()));
    throw e;
  }
  // Open IMAP sessions (IDLE watchers, clients) would keep close() waiting: stop ends them.
  const imapSockets = new Set<Socket>();
  imap.on('connection', (socket: Socket) => (imapSockets.add(socket), socket.once('close', () => imapSockets.delete(socket))));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const imapPort = (imap.address() as AddressInfo).port;
  return {
    smtpPort,
    imapPort,
    store,
    async stop() {
      const imapClosed = new Promise<void>((r) => imap.close(() => r()));
      for (const socket of imapSockets) socket.destroy();
      await Promise.all([new Promise<void>((r) => smtp.close(() => r())), imapClosed]);
    },
  };
}

/** Background service entry for the local runtime. */
export async function startMailSandboxService(deps: Deps): Promise<BackgroundService & { sandbox?: MailSandbox }> {
  const cfg = deps.config.local.mailSandbox;
  if (!cfg.enabled) return { name: 'mail-sandbox', stop: async () => undefined };
  // Persisted under DATA_DIR like the database; test runs (VITEST) keep it in memory and take free ports.
  const dataDir = cfg.persist ? path.resolve(deps.config.local.dataDir) : undefined;
  let sandbox: MailSandbox;
  try {
    sandbox = await startMailSandbox({
      dataDir,
      smtpPort: cfg.smtpPort,
      imapPort: cfg.imapPort,
      now: () => deps.clock.now(),
    });
  } catch {
    // The default ports are taken (a second runtime, the test suite): any free port instead.
    sandbox = await startMailSandbox({ dataDir, smtpPort: 0, imapPort: 0, now: () => deps.clock.now() });
  }
  const slot = deps.mailSandbox;
  if (slot) slot.current = sandboxView(sandbox);
  return {
    name: 'mail-sandbox',
    sandbox,
    stop: () => {
      if (slot) slot.current = undefined;
      return sandbox.stop();
    },
  };
}

/** What the `/_local/mailbox` operations see of a running sandbox (deps.mailSandbox). */
const sandboxView = ({ store, smtpPort, imapPort }: MailSandbox): MailSandboxView => ({
  smtpPort,
  imapPort,
  addresses: () => store.addresses(),
  inbox: (address) => store.mailbox(address).messages,
  deliver: (to, from, subject, raw, at) => store.deliver(to, from, subject, raw, at),
});
