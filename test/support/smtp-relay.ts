import { SMTPServer, type SMTPServerAuthentication } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

/**
 * An authenticating SMTP relay on 127.0.0.1 for sender tests (smtp-server): users with passwords
 * (PLAIN/LOGIN) and/or XOAUTH2 access tokens (`acceptToken` decides, like a provider's server does).
 * No STARTTLS (loopback, no certificate). Records every accepted message; `rejectRcpt` answers
 * 550 for matching recipients (hard bounce), `deferRcpt` 451.
 */
export interface Relay {
  host: string;
  port: number;
  users: Map<string, string>;
  messages: { from: string; to: string[]; raw: string; subject?: string; authUser?: string; authMethod?: string }[];
  logins: { user: string; method: string; ok: boolean }[];
  /** Ends every open session, as a provider does on a password change: a client must log in again. */
  dropSessions(): void;
  stop(): Promise<void>;
}

export async function startSmtpRelay(
  opts: {
    acceptToken?: (user: string, token: string) => boolean;
    rejectRcpt?: RegExp;
    deferRcpt?: RegExp;
    /** false: keep the raw message only (benches: parsing every message would load the process measured). */
    parse?: boolean;
    /** Runs before the 250 for each accepted message (a provider filing the submission in the sender's Sent folder). */
    onAccepted?: (m: Relay['messages'][number]) => void | Promise<void>;
  } = {},
): Promise<Relay> {
  const users = new Map<string, string>();
  const messages: Relay['messages'] = [];
  const logins: Relay['logins'] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN', 'XOAUTH2'],
    logger: false,
    onAuth(auth: SMTPServerAuthentication, _session, cb) {
      const ok =
        auth.method === 'XOAUTH2'
          ? Boolean(opts.acceptToken?.(auth.username ?? '', auth.accessToken ?? ''))
          : users.has(auth.username ?? '') && users.get(auth.username ?? '') === auth.password;
      logins.push({ user: auth.username ?? '', method: auth.method, ok });
      if (!ok) {
        if (auth.method === 'XOAUTH2') return cb(null, { data: { status: '401', schemes: 'bearer', scope: 'https://mail.google.com/' } });
        return cb(new Error('Invalid username or password'));
      }
      cb(null, { user: auth.username });
    },
    onRcptTo(address, _session, cb) {
      if (opts.rejectRcpt?.test(address.address)) return cb(Object.assign(new Error('5.1.1 User unknown'), { responseCode: 550 }));
      if (opts.deferRcpt?.test(address.address)) return cb(Object.assign(new Error('4.2.0 Try later'), { responseCode: 451 }));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = opts.parse === false ? undefined : await simpleParser(raw).catch(() => undefined);
        const m = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: parsed?.subject,
          authUser: String(session.user ?? ''),
          authMethod: undefined,
        };
        messages.push(m);
        await opts.onAccepted?.(m);
        cb(null, 'queued');
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  const dropSessions = () => (server as unknown as { connections: Set<{ close(): void }> }).connections.forEach((c) => c.close());
  return { host: '127.0.0.1', port, users, messages, logins, dropSessions, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
