import { syncAllTenants, syncTenantMailboxes } from '../../shared/dialogs/sync.js';
import type { Deps } from '../../shared/runtime/deps.js';
import { log } from '../../shared/runtime/logger.js';
import { runDueEnrolments } from '../../shared/sequences/scheduler.js';
import type { BackgroundService } from './background.js';

/**
 * The local stand-in for the two EventBridge schedules of dialogs: the inbox sync of every active
 * mailbox (INBOX_SYNC_MS, default 60 s; 0 = off; `dialogs_sync` runs it on demand) and the sequence
 * scheduler (SEQUENCE_TICK_MS, default 10 s), each never overlapping itself.
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
  every('inbox sync', deps.config.local.inboxSyncMs, () => syncAllTenants(deps, (tenantId) => syncTenantMailboxes(deps, tenantId, { maxMessages: 2000 })));
  every('sequence steps', deps.config.local.sequenceTickMs, () => syncAllTenants(deps, (tenantId) => runDueEnrolments(deps, tenantId)));
  return {
    name: 'dialogs',
    async stop() {
      for (const t of timers) clearInterval(t);
      for (let i = 0; i < 500 && running.size; i++) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
