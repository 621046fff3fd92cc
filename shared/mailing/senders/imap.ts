import type { ImapFlowOptions } from 'imapflow';
import type { MailLogin } from './credentials.js';
import type { ResolvedMailHost } from './mail-host.js';
import { classifyMailError, failureMessage, type MailFailureReason } from './mail-failure.js';

/** imapflow options for one mailbox: port 993 = implicit TLS, else STARTTLS when offered (required off loopback). */
export function imapOptions(host: ResolvedMailHost, port: number, login: MailLogin): ImapFlowOptions {
  const implicitTls = port === 993;
  return {
    host: host.address,
    port,
    secure: implicitTls,
    servername: host.servername || undefined,
    doSTARTTLS: implicitTls ? undefined : host.loopback ? false : true,
    tls: { rejectUnauthorized: !host.loopback },
    auth: login.accessToken ? { user: login.user, accessToken: login.accessToken } : { user: login.user, pass: login.pass! },
    logger: false,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    disableAutoIdle: true,
  } as ImapFlowOptions;
}

export interface ImapCheck {
  ok: boolean;
  code?: 'imap_auth_failed' | 'imap_unreachable' | 'imap_no_inbox';
  reason?: MailFailureReason;
  /** Our words for `reason` (mail-failure.ts), never the server's. */
  message?: string;
}

/** LOGIN (or AUTHENTICATE XOAUTH2) and SELECT INBOX, then LOGOUT. */
export async function verifyImap(options: ImapFlowOptions): Promise<ImapCheck> {
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow(options);
  client.on('error', () => undefined); // a late socket error after a failed connect must not crash the process
  try {
    await client.connect();
  } catch (e) {
    const err = e as Error & { authenticationFailed?: boolean; responseText?: string; code?: string };
    client.close();
    const reason = classifyMailError(
      { code: err.code, authenticationFailed: err.authenticationFailed, message: `${err.message ?? ''} ${err.responseText ?? ''}` },
      'imap',
    );
    return { ok: false, code: reason === 'auth_failed' ? 'imap_auth_failed' : 'imap_unreachable', reason, message: failureMessage('imap', reason) };
  }
  try {
    await client.mailboxOpen('INBOX', { readOnly: true });
    return { ok: true };
  } catch {
    return { ok: false, code: 'imap_no_inbox', reason: 'no_inbox', message: failureMessage('imap', 'no_inbox') };
  } finally {
    await client.logout().catch(() => client.close());
  }
}
