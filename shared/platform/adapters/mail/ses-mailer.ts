import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { PlatformMailer, PlatformMessage } from '../../ports/platform-mail.js';
import type { Config } from '../../runtime/config.js';
import { onFirstUse } from '../on-first-use.js';

/** Platform mail through Amazon SES v2 (deployed default). The client module is loaded on the first send (onFirstUse). */
export class SesPlatformMailer implements PlatformMailer {
  private readonly ses = onFirstUse(async () => {
    const sdk = await import('@aws-sdk/client-sesv2');
    return { sdk, client: this.client ?? new sdk.SESv2Client({}) };
  });

  constructor(
    private readonly from: string,
    private readonly client?: SESv2Client,
  ) {}

  async send(m: PlatformMessage) {
    const { sdk, client } = await this.ses();
    await client.send(
      new sdk.SendEmailCommand({
        FromEmailAddress: this.from,
        Destination: { ToAddresses: [m.to] },
        Content: {
          Simple: {
            Subject: { Data: m.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: m.text, Charset: 'UTF-8' }, ...(m.html ? { Html: { Data: m.html, Charset: 'UTF-8' } } : {}) },
          },
        },
      }),
    );
  }
}

/**
 * A deployed function's platform mail: SES, from PLATFORM_MAIL_FROM (the stack grants ses:SendEmail for
 * that address to the functions declaring `platformMail`). PLATFORM_SMTP_URL is a setting of the embedded
 * runtime (platform-mailer.ts); the stack never sets it, and a deployed function that finds it set fails
 * at start rather than send through SES while its operator expects the relay.
 */
export function sesPlatformMailerFor(config: Pick<Config, 'platformSmtpUrl' | 'platformMailFrom'>): SesPlatformMailer {
  if (config.platformSmtpUrl)
    throw new Error('PLATFORM_SMTP_URL is set, but deployed functions send platform mail through SES only: unset it (it is a setting of the local runtime)');
  return new SesPlatformMailer(config.platformMailFrom);
}
