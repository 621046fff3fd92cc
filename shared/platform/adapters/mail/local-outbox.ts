import type { PlatformMailer, PlatformMessage } from '../../ports/platform-mail.js';
import type { TableStore } from '../../ports/table-store.js';
import type { Clock } from '../../ports/clock.js';
import { newId } from '../../data/ids.js';

/** A message as the outbox keeps it. */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  links: Record<string, string>;
  createdAt: string;
}

/** Local runtime default: platform mail is kept in the platform table and read at GET /_local/outbox. */
export class LocalOutboxMailer implements PlatformMailer {
  constructor(
    private readonly table: TableStore,
    private readonly clock: Clock,
  ) {}

  async send(m: PlatformMessage) {
    const now = this.clock.now();
    // Inverted time in the sort key lists the newest first with a plain forward Query.
    const sk = `${(9e15 - now).toString().padStart(16, '0')}#${newId(now)}`;
    await this.table.put({
      pk: 'LOCAL#OUTBOX',
      sk,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html ?? null,
      links: m.links ?? {},
      createdAt: new Date(now).toISOString(),
    });
  }

  async list(limit = 100): Promise<OutboxMessage[]> {
    const page = await this.table.query<OutboxMessage>({ pk: 'LOCAL#OUTBOX', limit });
    return page.items.map(({ to, subject, text, html, links, createdAt }) => ({ to, subject, text, html, links, createdAt }));
  }
}
