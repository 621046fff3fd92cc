import { AppError, unprocessable } from '../errors.js';
import type { Config } from '../runtime/config.js';
import type { MailLogin } from './credentials.js';
import { imapOptions, verifyImap } from './imap.js';
import { MailHostBlocked, resolveMailHost } from './mail-host.js';
import { smtpOptions, verifySmtp } from './smtp.js';

/**
 * The real two-sided login a mailbox must pass before it is stored (and on testConnection):
 * SMTP EHLO + TLS + AUTH (nothing sent) and IMAP LOGIN + SELECT INBOX, run in parallel.
 * A failure is a 422 `{statusCode:422, code, side, message}`: the request was well-formed, the
 * mailbox refused (code: smtp_auth_failed, smtp_unreachable, smtp_tls_failed, smtp_host_not_allowed,
 * imap_auth_failed, imap_unreachable, imap_no_inbox, imap_host_not_allowed).
 */
export interface ConnectionTarget {
  smtpHost: string;
  smtpPort: number;
  imapHost: string;
  imapPort: number;
}

export interface SideResult {
  ok: boolean;
  code?: string;
  message?: string;
}
export interface ConnectionResult {
  ok: boolean;
  smtp: SideResult;
  imap: SideResult;
}

async function side(
  config: Config,
  host: string,
  which: 'smtp' | 'imap',
  run: (h: Awaited<ReturnType<typeof resolveMailHost>>) => Promise<SideResult>,
): Promise<SideResult> {
  try {
    return await run(await resolveMailHost(config, host));
  } catch (e) {
    if (e instanceof MailHostBlocked)
      return { ok: false, code: e.reason.includes('resolve') ? `${which}_unreachable` : `${which}_host_not_allowed`, message: e.message };
    return { ok: false, code: `${which}_unreachable`, message: (e as Error).message.slice(0, 300) };
  }
}

export async function checkConnection(config: Config, t: ConnectionTarget, logins: { smtp: MailLogin; imap: MailLogin }): Promise<ConnectionResult> {
  const [smtp, imap] = await Promise.all([
    side(config, t.smtpHost, 'smtp', (h) => verifySmtp(smtpOptions(h, t.smtpPort, logins.smtp))),
    side(config, t.imapHost, 'imap', (h) => verifyImap(imapOptions(h, t.imapPort, logins.imap))),
  ]);
  return { ok: smtp.ok && imap.ok, smtp, imap };
}

/** The 422 for a failed check, naming the side that failed first (SMTP before IMAP) and the server's answer. */
export function connectionError(r: ConnectionResult): AppError {
  const [which, s] = !r.smtp.ok ? (['smtp', r.smtp] as const) : (['imap', r.imap] as const);
  return unprocessable(`${which.toUpperCase()} check failed: ${s.message ?? 'no answer'}`, {
    code: s.code ?? `${which}_failed`,
    side: which,
    smtp: r.smtp,
    imap: r.imap,
  });
}
