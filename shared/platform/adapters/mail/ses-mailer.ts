import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { PlatformMailer, PlatformMessage } from '../../ports/platform-mail.js';

/** Platform mail through Amazon SES v2 (deployed default). */
export class SesPlatformMailer implements PlatformMailer {
  constructor(
    private readonly from: string,
    private readonly client = new SESv2Client({}),
  ) {}

  async send(m: PlatformMessage) {
    await this.client.send(
      new SendEmailCommand({
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
