import type { Config } from '../../runtime/config.js';
import type { PlatformMailer } from '../../ports/platform-mail.js';
import { SmtpPlatformMailer } from './smtp-mailer.js';
import { SesPlatformMailer } from './ses-mailer.js';

/** PLATFORM_SMTP_URL wins; otherwise SES when deployed. The local runtime passes its outbox instead. */
export async function platformMailerFor(config: Config, localFallback?: PlatformMailer): Promise<PlatformMailer> {
  if (config.platformSmtpUrl) return new SmtpPlatformMailer(config.platformSmtpUrl, config.platformMailFrom);
  if (config.mode === 'local' && localFallback) return localFallback;
  return new SesPlatformMailer(config.platformMailFrom);
}
