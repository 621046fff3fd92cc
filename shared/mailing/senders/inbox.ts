import type { ImapFlowOptions } from 'imapflow';
import type { InboxBatch, InboxCursor, InboxReader } from '../../platform/ports/inbox.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { mailLogins } from './credentials.js';
import { getEmailAccountItem } from './entities.js';
import { imapOptions } from './imap.js';
import { resolveMailHost } from './mail-host.js';
import { SenderUnavailable } from './transport.js';

/** Sent folders by name when the server marks none special-use \Sent (Gmail's is `[Gmail]/Sent Mail`). */
const SENT_NAMES = /(^|[/.])(sent|sent items|sent mail|sent messages|отправленные)$/i;
/** Message-IDs looked up per call: one SEARCH each. */
const MAX_SENT_LOOKUPS = 50;

/**
 * Reads one connected mailbox over IMAP (imapflow; password or XOAUTH2), incrementally by
 * UIDVALIDITY + UID. One connection per reader; `close()` logs out. Bounded: at most `limit`
 * (default 50, max 500) messages per call.
 */
export async function openInboxReader(deps: Deps, tenantId: string, accountId: string): Promise<InboxReader> {
  const table = deps.tenantTable(tenantId);
  const a = await getEmailAccountItem(table, accountId);
  if (!a) throw new SenderUnavailable('account_not_found');
  const [host, logins] = await Promise.all([resolveMailHost(deps.config, a.imapHost), mailLogins(deps, table, a)]);
  return openImapReader(imapOptions(host, a.imapPort, logins.imap));
}

/** The same reader for a mailbox given by its IMAP options (seed mailboxes that are not connected accounts). */
export async function openImapReader(options: ImapFlowOptions): Promise<InboxReader> {
  const { ImapFlow } = await import('imapflow');
  const client = new ImapFlow(options);
  client.on('error', () => undefined);
  await client.connect();
  return {
    async fetchSince(cursor: InboxCursor | undefined, options: { mailbox?: string; limit?: number } = {}): Promise<InboxBatch> {
      const limit = Math.min(Math.max(options.limit ?? 50, 1), 500);
      const lock = await client.getMailboxLock(options.mailbox ?? 'INBOX', { readOnly: true });
      try {
        const mb = client.mailbox as { uidValidity: bigint; uidNext: number; exists: number };
        const uidValidity = String(mb.uidValidity);
        const reset = Boolean(cursor && cursor.uidValidity !== uidValidity);
        const after = cursor && !reset ? cursor.lastUid : 0;
        const messages: InboxBatch['messages'] = [];
        let more = false;
        if (mb.exists > 0 && mb.uidNext > after + 1) {
          // UIDs first (cheap), then the sources of at most `limit` of them: memory stays bounded.
          const uids = ((await client.search({ uid: `${after + 1}:*` }, { uid: true })) || []).filter((u) => u > after).sort((x, y) => x - y);
          more = uids.length > limit;
          const take = uids.slice(0, limit);
          if (take.length) {
            for await (const msg of client.fetch(take.join(','), { uid: true, flags: true, source: true, internalDate: true }, { uid: true })) {
              messages.push({
                uid: msg.uid,
                raw: msg.source ?? Buffer.alloc(0),
                flags: [...(msg.flags ?? [])],
                internalDate: msg.internalDate ? new Date(msg.internalDate).toISOString() : undefined,
              });
            }
          }
        }
        messages.sort((x, y) => x.uid - y.uid);
        const lastUid = messages.length ? messages[messages.length - 1].uid : after;
        return { cursor: { uidValidity, lastUid }, messages, reset, more };
      } finally {
        lock.release();
      }
    },
    async sentMessageIds(messageIds: string[]) {
      const found = new Set<string>();
      if (!messageIds.length) return found;
      const boxes = await client.list();
      const sent = boxes.find((m) => m.specialUse === '\\Sent') ?? boxes.find((m) => SENT_NAMES.test(m.path));
      if (!sent) return found;
      const lock = await client.getMailboxLock(sent.path, { readOnly: true });
      try {
        for (const id of messageIds.slice(0, MAX_SENT_LOOKUPS)) {
          const uids = await client.search({ header: { 'message-id': id } }, { uid: true });
          if (uids && uids.length) found.add(id);
        }
      } finally {
        lock.release();
      }
      return found;
    },
    async close() {
      await client.logout().catch(() => client.close());
    },
  };
}
