import { watchMailbox, type MailboxWatch } from '../../shared/mailing/dialogs/idle.js';
import { syncMailbox } from '../../shared/mailing/dialogs/sync.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { log } from '../../shared/platform/runtime/logger.js';
import { EmailAccount, type EmailAccountItem } from '../../shared/mailing/senders/entities.js';
import { forEachTenant } from '../../shared/workspace/tenancy/each-tenant.js';
import type { BackgroundService } from './background.js';

/** Watched mailboxes at most (one IMAP connection each). */
const MAX_WATCHES = 50;

/**
 * Local only (a Lambda holds no connection open): while the inbox schedule is on (`syncEveryMs` > 0)
 * and INBOX_IDLE is not `off`, mailboxes whose server offers IMAP IDLE are watched and synced as mail
 * arrives. The watch list is refreshed every min(15 s, the inbox schedule's period).
 */
export async function startInboxWatches(deps: Deps, syncEveryMs: number): Promise<BackgroundService> {
  const watches = new Map<string, MailboxWatch | 'none' | 'opening'>();
  let refreshing: Promise<unknown> | undefined;
  const watch = async (tenantId: string, a: EmailAccountItem) => {
    const key = `${tenantId}/${a.id}`;
    if (watches.has(key) || watches.size >= MAX_WATCHES) return;
    watches.set(key, 'opening');
    const w = await watchMailbox(
      deps,
      tenantId,
      a.id,
      () => void syncMailbox(deps, tenantId, a.id, { maxMessages: 2000 }).catch((e) => log.warn('IDLE sync failed', { message: (e as Error).message })),
      () => watches.delete(key), // the server closed it: the next refresh opens a new one
    ).catch(() => undefined);
    // A mailbox without IDLE (or unreachable now) is left to the schedule; retried at the next refresh only when it failed.
    if (w) watches.set(key, w);
    else watches.delete(key);
  };
  const refresh = () =>
    (refreshing ??= forEachTenant(deps, 'inbox watches', async (tenantId) => {
      const page = await deps.tenantTable(tenantId).query<EmailAccountItem>({ ...EmailAccount.query('byCreated', {}), limit: 100 });
      for (const a of page.items) if (a.status !== 'SUSPENDED') await watch(tenantId, a);
    })
      .catch((e) => log.warn('inbox watches failed', { message: (e as Error).message }))
      .finally(() => (refreshing = undefined)));
  const timer = syncEveryMs && deps.config.local.inboxIdle ? setInterval(refresh, Math.min(15_000, syncEveryMs)) : undefined;
  timer?.unref();
  return {
    name: 'inbox-watches',
    async stop() {
      clearInterval(timer);
      await refreshing;
      await Promise.allSettled([...watches.values()].map((w) => (typeof w === 'object' ? w.stop() : undefined)));
    },
  };
}
