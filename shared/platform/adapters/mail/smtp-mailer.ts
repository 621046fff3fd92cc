import type { Transporter } from 'nodemailer';
import type { PlatformMailer, PlatformMessage } from '../../ports/platform-mail.js';

/**
 * Platform mail through any SMTP relay (`PLATFORM_SMTP_URL`, e.g. smtp://user:pass@host:587): the
 * embedded runtime's option (platform-mailer.ts). nodemailer is loaded on the first send.
 */
export class SmtpPlatformMailer implements PlatformMailer {
  private transport?: Promise<Transporter>;
  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {
    new URL(url); // a malformed PLATFORM_SMTP_URL fails at start, not on the first message
  }

  private async connect(): Promise<Transporter> {
    const { default: nodemailer } = await import('nodemailer');
    const parsed = new URL(this.url);
    return nodemailer.createTransport({
      host: parsed.hostname,
      port: Number(parsed.port || (parsed.protocol === 'smtps:' ? 465 : 587)),
      secure: parsed.protocol === 'smtps:',
      // Loopback relays (tests, local MTAs) usually have no certificate to offer.
      ignoreTLS: ['127.0.0.1', 'localhost', '::1'].includes(parsed.hostname),
      auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    });
  }

  async send(m: PlatformMessage) {
    this.transport ??= this.connect().catch((e) => ((this.transport = undefined), Promise.reject(e)));
    await (await this.transport).sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
  }
}
