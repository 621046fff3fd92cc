import { AppError, unprocessable } from '../../platform/errors.js';
import type { Config } from '../../platform/runtime/config.js';
import type { MailLogin } from './credentials.js';
import { imapOptions, verifyImap } from './imap.js';
import { MailHostBlocked, resolveMailHost } from './mail-host.js';
import { classifyMailError, failureMessage, type MailFailureReason } from './mail-failure.js';
import { smtpOptions, verifySmtp } from './smtp.js';

/**
 * The real two-sided login a mailbox must pass before it is stored (and on testConnection):
 * SMTP EHLO + TLS + AUTH (nothing sent) and IMAP LOGIN + SELECT INBOX, run in parallel.
 * A failure is a 422 `{statusCode:422, code, side, reason, message}`: the request was well-formed, the
 * mailbox refused (code: smtp_auth_failed, smtp_unreachable, smtp_tls_failed, smtp_host_not_allowed,
 * imap_auth_failed, imap_unreachable, imap_no_inbox, imap_host_not_allowed; reason: the category,
 * mail-failure.ts). The message is ours: the remote server's own text never reaches the answer.
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
  /** The category (mail-failure.ts): auth_failed, connection_refused, timeout, tls_failed, … */
  reason?: MailFailureReason;
  /** Our words for the category, never the remote server's greeting or answer. */
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
    const reason: MailFailureReason =
      e instanceof MailHostBlocked ? (e.reason.includes('resolve') ? 'host_not_found' : 'host_not_allowed') : classifyMailError(e as Error, which);
    return {
      ok: false,
      code: reason === 'host_not_allowed' ? `${which}_host_not_allowed` : `${which}_unreachable`,
      reason,
      message: failureMessage(which, reason),
    };
  }
}

export async function checkConnection(config: Config, t: ConnectionTarget, logins: { smtp: MailLogin; imap: MailLogin }): Promise<ConnectionResult> {
  const [smtp, imap] = await Promise.all([
    side(config, t.smtpHost, 'smtp', (h) => verifySmtp(smtpOptions(h, t.smtpPort, logins.smtp))),
    side(config, t.imapHost, 'imap', (h) => verifyImap(imapOptions(h, t.imapPort, logins.imap))),
  ]);
  return { ok: smtp.ok && imap.ok, smtp, imap };
}

/** The 422 for a failed check: the side that failed first (SMTP before IMAP) and its category, not what the server said. */
export function connectionError(r: ConnectionResult): AppError {
  const [which, s] = !r.smtp.ok ? (['smtp', r.smtp] as const) : (['imap', r.imap] as const);
  return unprocessable(`${which.toUpperCase()} check failed: ${s.message ?? failureMessage(which, 'connection_failed')}`, {
    code: s.code ?? `${which}_failed`,
    side: which,
    reason: s.reason ?? 'connection_failed',
    smtp: r.smtp,
    imap: r.imap,
  });
}
