import { client } from './runtime.js';

/**
 * The body of POST /api/email-accounts (EmailAccountsController_create) for a mailbox of the runtime's
 * own mail sandbox (/_local/mailbox: SMTP and IMAP on 127.0.0.1, any password accepted).
 */
export async function sandboxMailbox(baseUrl: string, email: string, name = email) {
  const info = (await client(baseUrl).get('/_local/mailbox')).body as { smtp: { port: number }; imap: { port: number } };
  return {
    name,
    email,
    smtpHost: '127.0.0.1',
    smtpPort: info.smtp.port,
    smtpUser: email,
    smtpPass: 'anything',
    imapHost: '127.0.0.1',
    imapPort: info.imap.port,
    imapUser: email,
    imapPass: 'anything',
  };
}
