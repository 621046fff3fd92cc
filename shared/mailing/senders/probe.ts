import { AppError, unprocessable } from '../../platform/errors.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { MailLogin } from './credentials.js';
import type { DnsCheck } from './dns-health.js';
import type { ImapCheck } from './imap.js';
import { failureMessage, type MailFailureReason } from './mail-failure.js';

/**
 * The mailbox probe: the protocol work of the mailbox checks (the SMTP and IMAP logins of a sender, the
 * IMAP logins of seed mailboxes, the SPF/DKIM/DMARC look-ups with SPF evaluation), behind one callable
 * function, `mailbox_probe` (background.ts, run by probe-worker.ts). Its libraries (nodemailer,
 * imapflow, mailauth: 1.1 to 1.5 MB bundled) stay out of the operations that ask for a check: in AWS
 * the probe is its own Lambda, invoked and waited for; in the embedded runtime it runs in-process.
 * What the operations answer does not change: the probe answers the same results the checks did.
 */
export const MAILBOX_PROBE = 'mailbox_probe';

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

export interface ImapLoginInput {
  imapHost: string;
  imapPort: number;
  imapUser: string;
  imapPass: string;
}
/** A seed's IMAP login: the check's result, or a refused or unresolvable host (the guard's message). */
export type ImapLoginResult = ImapCheck | { ok: false; code: 'imap_host_not_allowed' | 'imap_unreachable'; message: string };

export type ProbeRequest =
  | { kind: 'connection'; target: ConnectionTarget; logins: { smtp: MailLogin; imap: MailLogin } }
  | { kind: 'imap'; mailboxes: ImapLoginInput[] }
  | { kind: 'dns'; domain: string; smtpHost: string; dkimSelector?: string };

export interface ProbeAnswers {
  connection: ConnectionResult;
  imap: ImapLoginResult[];
  dns: DnsCheck[];
}

async function probe<K extends ProbeRequest['kind']>(deps: Deps, request: Extract<ProbeRequest, { kind: K }>): Promise<ProbeAnswers[K]> {
  if (!deps.callables) throw new Error(`${MAILBOX_PROBE} is not wired (deps.callables)`);
  return (await deps.callables.call(MAILBOX_PROBE, request)) as ProbeAnswers[K];
}

/**
 * The real two-sided login a mailbox must pass before it is stored (and on testConnection): SMTP EHLO +
 * TLS + AUTH (nothing sent) and IMAP LOGIN + SELECT INBOX, in parallel (connection.ts). Only the four
 * connection fields of `target` are sent.
 */
export const probeConnection = (deps: Deps, t: ConnectionTarget, logins: { smtp: MailLogin; imap: MailLogin }) =>
  probe<'connection'>(deps, {
    kind: 'connection',
    target: { smtpHost: t.smtpHost, smtpPort: t.smtpPort, imapHost: t.imapHost, imapPort: t.imapPort },
    logins,
  });

/** IMAP LOGIN + SELECT INBOX of each mailbox (the seeds of inbox-placement tests), in parallel, in the given order. */
export const probeImapLogins = (deps: Deps, mailboxes: ImapLoginInput[]) =>
  probe<'imap'>(deps, {
    kind: 'imap',
    mailboxes: mailboxes.map(({ imapHost, imapPort, imapUser, imapPass }) => ({ imapHost, imapPort, imapUser, imapPass })),
  });

/** SPF (evaluated for the SMTP host's address), DKIM and DMARC of a sending domain, in that order (dns-checks.ts). */
export const probeDns = (deps: Deps, domain: string, smtpHost: string, dkimSelector?: string) =>
  probe<'dns'>(deps, { kind: 'dns', domain, smtpHost, ...(dkimSelector ? { dkimSelector } : {}) });

/**
 * The 422 for a failed check: `{statusCode:422, code, side, reason, message}`, the side that failed first
 * (SMTP before IMAP) and its category (code: smtp_auth_failed, smtp_unreachable, smtp_tls_failed,
 * smtp_host_not_allowed, imap_auth_failed, imap_unreachable, imap_no_inbox, imap_host_not_allowed;
 * reason: mail-failure.ts). The message is ours: the remote server's own text never reaches the answer.
 */
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
