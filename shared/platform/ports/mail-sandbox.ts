/**
 * The embedded runtime's mail sandbox (SMTP and IMAP on loopback, any address, any password), as the
 * local-only operations (`/_local/mailbox`) reach it. Only the local runtime has one; it starts after
 * the deps are built, so the deps hold a slot its service fills and empties (one per runtime, never
 * per process: two runtimes in one process each see their own).
 */
export interface SandboxMessageView {
  uid: number;
  from: string;
  subject: string;
  raw: string;
  receivedAt: string;
}

export interface MailSandbox {
  smtpPort: number;
  imapPort: number;
  /** Every address with an INBOX, sorted. */
  addresses(): string[];
  /** An address's INBOX, oldest first. */
  inbox(address: string): readonly SandboxMessageView[];
  /** Puts a message into `to`'s INBOX and answers its uid there. */
  deliver(to: string, from: string, subject: string, raw: string, at: Date): { uid: number };
}

export interface MailSandboxSlot {
  current?: MailSandbox;
}
