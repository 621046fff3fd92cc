/**
 * Reading a connected mailbox incrementally (inbox sync, bounce DSNs, placement tests).
 * Cursor = IMAP UIDVALIDITY + the last UID seen; a UIDVALIDITY change means the server renumbered
 * the mailbox, and the reader says so (`reset`) so the caller re-syncs and de-duplicates by Message-ID.
 */
export interface InboxCursor {
  /** UIDVALIDITY as a decimal string (imapflow gives a BigInt, which JSON cannot carry). */
  uidValidity: string;
  lastUid: number;
}

export interface InboxMessage {
  uid: number;
  /** The raw RFC 822 source; parse it with mailparser. */
  raw: Buffer;
  flags: string[];
  internalDate?: string;
}

export interface InboxBatch {
  cursor: InboxCursor;
  messages: InboxMessage[];
  /** True when UIDVALIDITY changed since `cursor`: messages start again from UID 1. */
  reset: boolean;
  /** More messages are waiting past `limit`. */
  more: boolean;
}

export interface InboxReader {
  /** Messages of `mailbox` (default INBOX) with UID above the cursor, oldest first, at most `limit`. */
  fetchSince(cursor: InboxCursor | undefined, options?: { mailbox?: string; limit?: number }): Promise<InboxBatch>;
  /**
   * Which of these Message-IDs the mailbox's Sent folder holds (special-use \Sent, else a usual
   * name). Providers such as Gmail and Microsoft 365 file every SMTP submission there; an empty set
   * when the mailbox has no Sent folder or the provider does not file submissions.
   */
  sentMessageIds(messageIds: string[]): Promise<Set<string>>;
  close(): Promise<void>;
}
