/** Mail the platform itself sends (confirmation links, notices), never tenant campaign mail. */
export interface PlatformMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Links the message carries, kept apart so tests and the local outbox can follow them. */
  links?: Record<string, string>;
}

export interface PlatformMailer {
  send(message: PlatformMessage): Promise<void>;
}
