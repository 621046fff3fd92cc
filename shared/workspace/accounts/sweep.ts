import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { expireRegistration } from './lifecycle.js';
import { Account } from '../identity/entities.js';

/**
 * The expiry sweep (EventBridge Scheduler in AWS, a background service locally): deletes pending
 * registrations whose deadline passed — 24 h inactive in awaiting_email_confirm / awaiting_agreement,
 * 7 days in awaiting_admin_approval. A Query on the expiry index (gsi2), never a Scan; bounded per run.
 */
export async function sweepExpiredRegistrations(deps: Deps, opts: { maxItems?: number } = {}) {
  const max = opts.maxItems ?? 500;
  const nowIso = new Date(deps.clock.now()).toISOString();
  let cursor: string | undefined;
  let seen = 0;
  let deleted = 0;
  do {
    const page = await deps.platform.query<{ accountId: string; registrationState?: string }>({
      ...Account.query('byRegistrationDeadline', {}),
      skLessThan: nowIso,
      limit: Math.min(100, max - seen),
      cursor,
    });
    for (const item of page.items) {
      seen++;
      const out = await expireRegistration(deps, item.accountId, item.registrationState).catch((e) => {
        log.warn('expiry sweep item failed', { accountId: item.accountId, error: (e as Error).name });
        return undefined;
      });
      if (out?.state === 'deleted') deleted++;
    }
    cursor = page.cursor;
  } while (cursor && seen < max);
  return { seen, deleted };
}
