import type { Config } from '../../platform/runtime/config.js';
import type { MailLogin } from './credentials.js';
import { imapOptions, verifyImap } from './imap.js';
import { MailHostBlocked, resolveMailHost } from './mail-host.js';
import { classifyMailError, failureMessage, type MailFailureReason } from './mail-failure.js';
import type { ConnectionResult, ConnectionTarget, SideResult } from './probe.js';
import { smtpOptions, verifySmtp } from './smtp.js';

/**
 * The two-sided login of a mailbox, run by the mailbox probe (probe-worker.ts; callers ask through
 * probe.ts): SMTP EHLO + TLS + AUTH (nothing sent) and IMAP LOGIN + SELECT INBOX, in parallel. Never
 * throws: a side that fails is a result with its code, category and our message (mail-failure.ts).
 */
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
