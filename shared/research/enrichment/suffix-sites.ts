import type { TableStore, TxOp } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { EnrichmentHost, EnrichmentItem, type HostRecord, type TaskRecord } from './entities.js';
import { appendEvent } from './events.js';
import { isRegistrable } from './registrable.js';

// The crawl worker's public-suffix pass (worker.ts calls it before a host's visit): the request path
// resolves sites without the suffix list (targets.ts), so a site that is itself a public suffix is
// settled here, claimed the way a visit's result is.

export /** The host's own write: marked visited, with the domain counters; rides on its last company's claim. */
interface HostVisit {
  mark: TxOp;
  counters: Record<string, number>;
}

/**
 * A company whose site's hostname is itself a public suffix (`co.uk`): NO_SITE invalid_domain, as the
 * request path would have made it had it carried the suffix list (targets.ts). Claimed like a visit's
 * result (item, counters and item_no_site event in one transaction); withDomain, and with the host's
 * mark uniqueDomains, give back what the create counted for it.
 */
async function claimNoSite(deps: Deps, table: TableStore, task: TaskRecord, companyId: string, visit?: HostVisit) {
  const now = deps.clock.now();
  const claim = {
    update: EnrichmentItem.key({ taskId: task.taskId, companyId }),
    spec: {
      set: { status: 'NO_SITE', reasonCode: 'invalid_domain', host: null, url: null, processedAt: new Date(now).toISOString() },
      condition: { expression: '#s = :p', names: { '#s': 'status' }, values: { ':p': 'PENDING' } },
    },
  };
  const counters = { processed: 1, noSite: 1, withDomain: -1 };
  await appendEvent(
    table,
    task.taskId,
    'item_no_site',
    null,
    now,
    { companyId },
    {
      ops: visit ? [claim, visit.mark] : [claim],
      taskAdd: visit ? { ...counters, ...visit.counters } : counters,
      taskSet: { lastProgressAt: now },
    },
  );
}

/**
 * Applies the public suffix list to each company's own hostname: those that are a public suffix are
 * claimed NO_SITE; answers the others, the companies to visit. With none left the host is marked
 * NO_SITE (not visited) on its last claim, giving back its uniqueDomains.
 */
export async function settleSuffixSites(deps: Deps, table: TableStore, task: TaskRecord, host: HostRecord) {
  if (!host.wwwCompanyIds) return host.companyIds; // created by an earlier version, which applied the list itself
  const www = new Set(host.wwwCompanyIds);
  const noSite = new Set(host.companyIds.filter((c) => !isRegistrable(www.has(c) ? `www.${host.host}` : host.host)));
  const visit = host.companyIds.filter((c) => !noSite.has(c));
  const mark: HostVisit = {
    mark: {
      update: EnrichmentHost.key({ taskId: task.taskId, host: host.host }),
      spec: {
        set: { status: 'NO_SITE', reasonCode: 'invalid_domain' },
        condition: { expression: '#s = :p AND runId = :run', names: { '#s': 'status' }, values: { ':p': 'PENDING', ':run': host.runId } },
      },
    },
    counters: { uniqueDomains: -1 },
  };
  const last = [...noSite].at(-1);
  for (const companyId of noSite) await claimNoSite(deps, table, task, companyId, !visit.length && companyId === last ? mark : undefined);
  return visit;
}
