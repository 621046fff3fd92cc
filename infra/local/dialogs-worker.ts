import { watchMailbox, type MailboxWatch } from '../../shared/dialogs/idle.js';
import { syncAllTenants, syncMailbox, syncTenantMailboxes } from '../../shared/dialogs/sync.js';
import type { Deps } from '../../shared/runtime/deps.js';
import { log } from '../../shared/runtime/logger.js';
import { EmailAccount, type EmailAccountItem } from '../../shared/senders/entities.js';
import { runDueEnrolments } from '../../shared/sequences/scheduler.js';
import type { BackgroundService } from './background.js';

/** Watched mailboxes at most (one IMAP connection each). */
const MAX_WATCHES = 50;

/**
 * The local stand-in for the two EventBridge schedules of dialogs: the inbox sync of every active
 * mailbox (INBOX_SYNC_MS, default 60 s; 0 = off; `dialogs_sync` runs it on demand) and the sequence
 * scheduler (SEQUENCE_TICK_MS, default 10 s), each never overlapping itself. While the sync is on,
 * mailboxes whose server offers IMAP IDLE are also watched (INBOX_IDLE, default on): new mail is synced
 * as it arrives. The watch list is refreshed every min(15 s, INBOX_SYNC_MS).
 */
export async function startDialogsWorker(deps: Deps): Promise<BackgroundService> {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<string>();
  const every = (name: string, ms: number, run: () => Promise<unknown>) => {
    if (!ms) return;
    const t = setInterval(() => {
      if (running.has(name)) return;
      running.add(name);
      run()
        .catch((e) => log.warn(`${name} failed`, { message: (e as Error).message }))
        .finally(() => running.delete(name));
    }, ms);
    t.unref();
    timers.push(t);
  };
  const { inboxSyncMs, sequenceTickMs, inboxIdle } = deps.config.local;
  every('inbox sync', inboxSyncMs, () => syncAllTenants(deps, (tenantId) => syncTenantMailboxes(deps, tenantId, { maxMessages: 2000 })));
  every('sequence steps', sequenceTickMs, () => syncAllTenants(deps, (tenantId) => runDueEnrolments(deps, tenantId)));

  const watches = new Map<string, MailboxWatch | 'none' | 'opening'>();
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
    // A mailbox without IDLE (or unreachable now) is left to the poll; retried at the next refresh only when it failed.
    if (w) watches.set(key, w);
    else watches.delete(key);
  };
  if (inboxSyncMs && inboxIdle)
    every('inbox watches', Math.min(15_000, inboxSyncMs), () =>
      syncAllTenants(deps, async (tenantId) => {
        const page = await deps.tenantTable(tenantId).query<EmailAccountItem>({ ...EmailAccount.query('byCreated', {}), limit: 100 });
        for (const a of page.items) if (a.status !== 'SUSPENDED') await watch(tenantId, a);
      }),
    );
  return {
    name: 'dialogs',
    async stop() {
      for (const t of timers) clearInterval(t);
      for (let i = 0; i < 500 && running.size; i++) await new Promise((r) => setTimeout(r, 20));
      await Promise.allSettled([...watches.values()].map((w) => (typeof w === 'object' ? w.stop() : undefined)));
    },
  };
}
