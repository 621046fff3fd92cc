import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The local mail sandbox's mailboxes: one per address, created on first delivery or first IMAP login,
 * kept in memory and appended to `<DATA_DIR>/mail-sandbox/mail.jsonl` so they survive a restart.
 * Bounded: at most MAX_PER_MAILBOX messages per address (the oldest are dropped from memory).
 */
export interface SandboxMessage {
  uid: number;
  to: string;
  from: string;
  subject: string;
  raw: string;
  flags: string[];
  receivedAt: string;
  /** 'Sent': the sender's copy of a submission (the mailbox of `to` is then the sender's); else INBOX. */
  folder?: 'Sent';
}

const MAX_PER_MAILBOX = 2000;

export class SandboxStore {
  private readonly boxes = new Map<string, { uidValidity: number; uidNext: number; messages: SandboxMessage[] }>();
  private readonly file?: string;

  constructor(dir?: string) {
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, 'mail.jsonl');
    if (existsSync(this.file)) {
      for (const line of readFileSync(this.file, 'utf8').split('\n')) {
        if (!line.trim()) continue;
        try {
          this.insert(JSON.parse(line) as SandboxMessage);
        } catch {
          // a torn last line after a crash: skip it
        }
      }
    }
  }

  /** An address's INBOX, or its Sent folder. */
  mailbox(address: string, folder?: 'Sent') {
    const key = folder ? `${address.toLowerCase()}\0${folder}` : address.toLowerCase();
    let box = this.boxes.get(key);
    if (!box) this.boxes.set(key, (box = { uidValidity: 1, uidNext: 1, messages: [] }));
    return box;
  }

  private insert(m: SandboxMessage) {
    const box = this.mailbox(m.to, m.folder);
    box.messages.push(m);
    box.uidNext = Math.max(box.uidNext, m.uid + 1);
    if (box.messages.length > MAX_PER_MAILBOX) box.messages.shift();
  }

  deliver(to: string, from: string, subject: string, raw: string, at: Date, folder?: 'Sent') {
    const box = this.mailbox(to, folder);
    const m: SandboxMessage = {
      uid: box.uidNext,
      to: to.toLowerCase(),
      from,
      subject,
      raw,
      flags: folder ? ['\\Seen'] : [],
      receivedAt: at.toISOString(),
      ...(folder ? { folder } : {}),
    };
    this.insert(m);
    if (this.file) appendFileSync(this.file, JSON.stringify(m) + '\n');
    return m;
  }

  addresses() {
    return [...this.boxes.keys()].filter((k) => !k.includes('\0')).sort();
  }
}
