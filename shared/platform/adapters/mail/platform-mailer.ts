import type { Config } from '../../runtime/config.js';
import type { PlatformMailer } from '../../ports/platform-mail.js';
import { SmtpPlatformMailer } from './smtp-mailer.js';

/**
 * The embedded runtime's platform mail: through the PLATFORM_SMTP_URL relay when set, else the local
 * outbox (GET /_local/outbox). Deployed functions send through SES only (sesPlatformMailerFor), so
 * nothing they bundle imports this module or nodemailer.
 */
export function localPlatformMailer(config: Pick<Config, 'platformSmtpUrl' | 'platformMailFrom'>, outbox: PlatformMailer): PlatformMailer {
  return config.platformSmtpUrl ? new SmtpPlatformMailer(config.platformSmtpUrl, config.platformMailFrom) : outbox;
}
