import type { Deps } from '../../platform/runtime/deps.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import { decryptSecret } from '../../platform/security/secrets.js';
import type { EmailAccountItem } from './entities.js';
import { accessTokenFor } from './oauth-tokens.js';

/** The login each side of a mailbox uses: a password, or XOAUTH2 with a fresh access token. */
export type MailLogin = { user: string; pass: string; accessToken?: undefined } | { user: string; accessToken: string; pass?: undefined };

export async function mailLogins(deps: Deps, table: TableStore, a: EmailAccountItem): Promise<{ smtp: MailLogin; imap: MailLogin }> {
  if (a.auth === 'oauth') {
    const accessToken = await accessTokenFor(deps, table, a);
    return { smtp: { user: a.smtpUser, accessToken }, imap: { user: a.imapUser, accessToken } };
  }
  const key = deps.config.secretsKey;
  return {
    smtp: { user: a.smtpUser, pass: decryptSecret(a.smtpPassEnc ?? '', key) },
    imap: { user: a.imapUser, pass: decryptSecret(a.imapPassEnc ?? a.smtpPassEnc ?? '', key) },
  };
}
