import type { ImapFlow } from 'imapflow';
import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { mailLogins } from '../senders/credentials.js';
import { getEmailAccountItem } from '../senders/entities.js';
import { imapOptions } from '../senders/imap.js';
import { resolveMailHost } from '../senders/mail-host.js';

/**
 * IMAP IDLE (RFC 2177) on a mailbox's INBOX, for the long-lived local runtime: when the server
 * announces new messages (EXISTS), `onNew` runs (debounced), so a reply becomes a dialog in seconds
 * instead of at the next poll. Servers without IDLE are not watched (the poll covers them). Lambda
 * does not idle: AWS polls on the schedule. `stop()` logs out.
 */
export interface MailboxWatch {
  stop(): Promise<void>;
}

export async function watchMailbox(
  deps: Deps,
  tenantId: string,
  accountId: string,
  onNew: () => void,
  onClosed: () => void = () => undefined,
): Promise<MailboxWatch | undefined> {
  const table = deps.tenantTable(tenantId);
  const a = await getEmailAccountItem(table, accountId);
  if (!a || a.status === 'SUSPENDED') return undefined;
  const [host, logins] = await Promise.all([resolveMailHost(deps.config, a.imapHost), mailLogins(deps, table, a)]);
  const { ImapFlow } = await import('imapflow');
  // imapflow idles by itself while a mailbox is selected and nothing else runs (disableAutoIdle off).
  const client: ImapFlow = new ImapFlow({
    ...imapOptions(host, a.imapPort, logins.imap),
    disableAutoIdle: false,
    maxIdleTime: 5 * 60_000,
    socketTimeout: 35 * 60_000,
  });
  client.on('error', (e: Error) => log.debug('IDLE connection error', { accountId, message: e.message }));
  await client.connect();
  if (!client.capabilities.has('IDLE')) {
    await client.logout().catch(() => client.close());
    return undefined;
  }
  await client.mailboxOpen('INBOX', { readOnly: true });
  // IDLE now (imapflow would wait for its own inactivity timer first); it re-issues IDLE every maxIdleTime.
  void client.idle().catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  client.on('exists', () => {
    clearTimeout(timer);
    timer = setTimeout(onNew, 250);
  });
  client.on('close', onClosed);
  // Catch up with what arrived before the watch began.
  timer = setTimeout(onNew, 0);
  return {
    async stop() {
      clearTimeout(timer);
      await client.logout().catch(() => client.close());
    },
  };
}
