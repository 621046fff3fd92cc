import nodemailer, { type Transporter } from 'nodemailer';
import type { PlatformMailer, PlatformMessage } from '../../ports/platform-mail.js';

/** Platform mail through any SMTP relay (`PLATFORM_SMTP_URL`, e.g. smtp://user:pass@host:587). */
export class SmtpPlatformMailer implements PlatformMailer {
  private readonly transport: Transporter;
  constructor(url: string, private readonly from: string) {
    const parsed = new URL(url);
    this.transport = nodemailer.createTransport({
      host: parsed.hostname,
      port: Number(parsed.port || (parsed.protocol === 'smtps:' ? 465 : 587)),
      secure: parsed.protocol === 'smtps:',
      // Loopback relays (tests, local MTAs) usually have no certificate to offer.
      ignoreTLS: ['127.0.0.1', 'localhost', '::1'].includes(parsed.hostname),
      auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    });
  }

  async send(m: PlatformMessage) {
    await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
  }
}
