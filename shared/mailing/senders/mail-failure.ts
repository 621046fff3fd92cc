import { isAppError } from '../../platform/errors.js';
import { MailHostBlocked } from './mail-host.js';

/**
 * What a failed SMTP or IMAP login check tells the caller: the side and a short category, never the
 * remote server's own words. A mail host is any address a user types in, so echoing its greeting or
 * error text would turn the check into a banner grabber for whatever listens there; and the text of
 * a real provider adds nothing the category does not say.
 */
export type MailFailureReason =
  | 'auth_failed'
  | 'connection_refused'
  | 'timeout'
  | 'tls_failed'
  | 'host_not_found'
  | 'host_unreachable'
  | 'host_not_allowed'
  | 'connection_closed'
  | 'refused_by_server'
  | 'protocol_error'
  | 'no_inbox'
  | 'connection_failed';

export type MailSide = 'smtp' | 'imap';

const SAYS: Record<MailFailureReason, string> = {
  auth_failed: 'authentication failed: check the user name and the password (or app password)',
  connection_refused: 'connection refused: check the host and the port',
  timeout: 'timed out: no answer in time (host, port or a firewall)',
  tls_failed: 'TLS failed: the certificate or the TLS setup was not accepted',
  host_not_found: 'host not found: the name does not resolve',
  host_unreachable: 'host unreachable',
  host_not_allowed: 'host not allowed: a private, loopback or reserved address',
  connection_closed: 'the server closed the connection',
  refused_by_server: 'refused by the server: it answered the connection with an error',
  protocol_error: 'unexpected answer: not a mail server on this port',
  no_inbox: 'logged in, but INBOX could not be opened',
  connection_failed: 'connection failed',
};

/** The sentence for a category; an SMTP reply code (a number, not the server's text) is added where there is one. */
export const failureMessage = (side: MailSide, reason: MailFailureReason, replyCode?: number) =>
  `${side.toUpperCase()} ${SAYS[reason]}${replyCode && replyCode >= 400 && replyCode < 600 ? ` (${replyCode})` : ''}`;

export interface MailLibraryError {
  code?: string;
  message?: string;
  responseCode?: number;
  authenticationFailed?: boolean;
}

/**
 * The category of a nodemailer or imapflow error. The library's error code decides first; its
 * message (which may quote the server) is only matched against, never returned.
 */
export function classifyMailError(err: MailLibraryError, side: MailSide): MailFailureReason {
  const code = err.code ?? '';
  const text = err.message ?? '';
  if (err.authenticationFailed || code === 'EAUTH') return 'auth_failed';
  if (code === 'ETLS' || /^(ERR_TLS_|ERR_SSL_)|CERT|_SIGNED_|UNABLE_TO_VERIFY/.test(code)) return 'tls_failed';
  if (/ECONNREFUSED/.test(code) || /\bECONNREFUSED\b/.test(text)) return 'connection_refused';
  if (/TIMEDOUT|TIMEOUT/i.test(code) || /\b(ETIMEDOUT|timed? ?out|timeout)\b|Greeting never received/i.test(text)) return 'timeout';
  if (/ENOTFOUND|EAI_AGAIN/.test(code) || /\b(ENOTFOUND|EAI_AGAIN)\b/.test(text)) return 'host_not_found';
  if (/EHOSTUNREACH|ENETUNREACH/.test(code) || /\b(EHOSTUNREACH|ENETUNREACH)\b/.test(text)) return 'host_unreachable';
  if (/certificate|\bTLS\b|\bSSL\b|wrong version number/i.test(text) && code !== 'EPROTOCOL') return 'tls_failed';
  if (code === 'EPROTOCOL') return (err.responseCode ?? 0) >= 400 ? 'refused_by_server' : 'protocol_error';
  if (/ECONNRESET|EPIPE/.test(code) || /\b(ECONNRESET|EPIPE)\b|closed/i.test(text)) return 'connection_closed';
  // A 5xx answer naming authentication (an SMTP server refusing AUTH), or an IMAP NO to LOGIN.
  if (side === 'smtp' ? (err.responseCode ?? 0) >= 500 && /auth/i.test(text) : /\b(auth\w*|login|credential\w*)\b/i.test(text)) return 'auth_failed';
  return 'connection_failed';
}

/**
 * The words for an error of a mail session after its login check (an inbox sync): our own errors
 * (no sendable sender, a refused host, an OAuth refresh the provider refused) keep their message; a
 * mail library's error becomes its side and category, like a login check.
 */
export function mailSessionFailure(e: unknown, side: MailSide): string {
  if (e instanceof MailHostBlocked) return failureMessage(side, e.reason.includes('resolve') ? 'host_not_found' : 'host_not_allowed');
  const err = e as (MailLibraryError & { name?: string; responseText?: string; response?: string }) | undefined;
  if (isAppError(e) || err?.name === 'SenderUnavailable') return String(err?.message ?? 'mail session failed').slice(0, 300);
  return failureMessage(
    side,
    classifyMailError(
      {
        code: err?.code,
        responseCode: err?.responseCode,
        authenticationFailed: err?.authenticationFailed,
        message: `${err?.message ?? ''} ${err?.responseText ?? err?.response ?? ''}`,
      },
      side,
    ),
    err?.responseCode,
  );
}
