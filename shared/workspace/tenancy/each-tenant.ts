import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { Tenant } from './entities.js';

/**
 * Runs `each` for every tenant, one after the other, over the platform's tenant index in pages of 100
 * and with no cap on their number. A failure in one tenant is logged under `what` and does not stop the
 * others (a schedule must reach every workspace). Answers how many tenants it visited and the sum of
 * what `each` answered (a count of swept, repaired or queued things; 0 when it answers nothing).
 */
export async function forEachTenant(deps: Deps, what: string, each: (tenantId: string) => Promise<number | unknown>) {
  let cursor: string | undefined;
  let tenants = 0;
  let total = 0;
  const seen = new Set<string>();
  do {
    const page = await deps.platform.query<{ tenantId: string }>({ ...Tenant.query('byCreated', {}), limit: 100, cursor });
    for (const { tenantId } of page.items) {
      tenants++;
      const n = await each(tenantId).catch((e) => log.warn(`${what} failed`, { tenantId, message: (e as Error).message }));
      if (typeof n === 'number') total += n;
    }
    cursor = page.cursor;
    // A cursor that comes back twice would loop for ever: the walk ends there instead.
    if (cursor && seen.has(cursor)) break;
    if (cursor) seen.add(cursor);
  } while (cursor);
  return { tenants, total };
}
