import type { Transporter } from 'nodemailer';
import type { MailLogin } from './credentials.js';
import type { ResolvedMailHost } from './mail-host.js';
import { classifyMailError, failureMessage, type MailFailureReason } from './mail-failure.js';

/**
 * nodemailer options for one mailbox's SMTP side. Port 465 = implicit TLS; any other port upgrades
 * with STARTTLS when the server offers it, and ports 587/2525 require it (a relay on the submission
 * port without TLS would send the password in clear). Loopback servers (tests, the local sandbox)
 * have no certificate: TLS is not required and not verified there.
 */
export function smtpOptions(host: ResolvedMailHost, port: number, login: MailLogin, opts: { pool?: boolean; name?: string } = {}) {
  const implicitTls = port === 465;
  return {
    host: host.address,
    port,
    secure: implicitTls,
    requireTLS: !implicitTls && !host.loopback && (port === 587 || port === 2525),
    tls: { servername: host.servername || undefined, rejectUnauthorized: !host.loopback },
    name: opts.name,
    auth: login.accessToken ? { type: 'OAuth2' as const, user: login.user, accessToken: login.accessToken } : { user: login.user, pass: login.pass! },
    pool: opts.pool ?? false,
    maxConnections: 2,
    maxMessages: 100,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    logger: false,
    debug: false,
  };
}

export async function createSmtpTransport(options: ReturnType<typeof smtpOptions>): Promise<Transporter> {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport(options as never);
}

export interface SmtpCheck {
  ok: boolean;
  code?: 'smtp_auth_failed' | 'smtp_unreachable' | 'smtp_tls_failed';
  reason?: MailFailureReason;
  /** Our words for `reason` (mail-failure.ts), never the server's. */
  message?: string;
}

/** EHLO, STARTTLS or implicit TLS, AUTH; nothing is sent (nodemailer `verify()`). */
export async function verifySmtp(options: ReturnType<typeof smtpOptions>): Promise<SmtpCheck> {
  const t = await createSmtpTransport({ ...options, pool: false });
  try {
    await t.verify();
    return { ok: true };
  } catch (e) {
    const err = e as Error & { code?: string; response?: string; responseCode?: number };
    const reason = classifyMailError({ code: err.code, responseCode: err.responseCode, message: `${err.message ?? ''} ${err.response ?? ''}` }, 'smtp');
    const code = reason === 'auth_failed' ? 'smtp_auth_failed' : reason === 'tls_failed' ? 'smtp_tls_failed' : 'smtp_unreachable';
    return { ok: false, code, reason, message: failureMessage('smtp', reason, err.responseCode) };
  } finally {
    t.close();
  }
}
