/**
 * Tenant mail: the ports the senders, send engine, campaigns and dialogs share.
 *
 * A `SenderTransport` sends one message through one connected mailbox (SMTP with a password or
 * XOAUTH2) and reports the server's answer instead of throwing for an SMTP refusal, so the send
 * engine can tell accepted / deferred (4xx, retry) / rejected (5xx, suppress) apart. Adapters:
 * nodemailer (pooled) in shared/platform/adapters/mail/; tests point accounts at smtp-server on loopback.
 */
export interface MailAddress {
  name?: string;
  address: string;
}

export interface OutboundAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutboundMessage {
  from: MailAddress;
  to: MailAddress;
  subject: string;
  html: string;
  text: string;
  /** Stored before sending: the one way to recognise a duplicate delivery later. `<id@sending-domain>`. */
  messageId: string;
  inReplyTo?: string;
  references?: string[];
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post, X-...); never From/To/Subject. */
  headers?: Record<string, string>;
  attachments?: OutboundAttachment[];
}

export type SendOutcome =
  /** 2xx: the server took responsibility for the message. */
  | 'accepted'
  /** 4xx or a connection failure: try again later, the address is fine. */
  | 'deferred'
  /** 5xx for this recipient: a hard bounce. */
  | 'rejected';

export interface SendResult {
  outcome: SendOutcome;
  /** SMTP reply code, 0 when no server answered (connection, TLS or auth failure). */
  code: number;
  /** The server's last reply line (or the connection error), for relayHealth and the send record. */
  response: string;
  messageId: string;
}

export interface SenderTransport {
  send(message: OutboundMessage): Promise<SendResult>;
  close(): Promise<void>;
}

/** What the account's sending state tells the engine before it sends (caps, window, suspension). */
export interface SendingState {
  sendable: boolean;
  /** Why not sendable: `suspended`, `dns_failed`, `connection_failed`, `oauth_refresh_failed` ... */
  reason?: string;
  /** Daily cap in force today (warm-up ramp or configured), null for none. */
  dailyCap: number | null;
  sentToday: number;
}
