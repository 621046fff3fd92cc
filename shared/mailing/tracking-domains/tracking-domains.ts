import { promises as dnsp } from 'node:dns';
import { conflict, notFound } from '../../platform/errors.js';
import { ConditionFailed, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { getSetting, updateSetting } from '../../workspace/settings/settings.js';
import { TrackingDomain, type TrackingDomainItem } from './entities.js';

/**
 * Tracking domains: the tenant points a subdomain (track.example.com) by CNAME at the service's
 * tracking host (TRACKING_CNAME_TARGET, default `track.<PUBLIC_BASE_URL host>`); healthCheck
 * resolves the CNAME through DNS_SERVERS and moves PENDING → ACTIVE, or FAILED with a reason.
 * One ACTIVE domain can be the default (the send engine's open pixel and click redirect use it).
 */
export const MAX_TRACKING_DOMAINS = 20;

export function trackingHost(deps: Deps): string {
  return (deps.config.trackingCnameTarget || `track.${new URL(deps.config.publicBaseUrl).hostname}`).toLowerCase();
}

const view = (d: TrackingDomainItem) => ({
  id: d.id,
  domain: d.domain,
  status: d.status,
  reason: d.reason,
  isDefault: d.isDefault,
  lastCheckedAt: d.lastCheckedAt,
  dns: { type: 'CNAME' as const, name: d.domain, value: d.cnameTarget },
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

export async function createTrackingDomain(deps: Deps, table: TableStore, domain: string) {
  const name = domain.trim().toLowerCase().replace(/\.$/, '');
  const at = new Date(deps.clock.now()).toISOString();
  const item: TrackingDomainItem = {
    id: name,
    domain: name,
    status: 'PENDING',
    reason: null,
    cnameTarget: trackingHost(deps),
    isDefault: false,
    lastCheckedAt: null,
    createdAt: at,
    updatedAt: at,
  };
  const existing = await table.get<TrackingDomainItem>(TrackingDomain.key({ domain: name }));
  if (existing) return view(existing); // repeat-safe: the same domain answers the same item
  const count = await table.query({ ...TrackingDomain.query('byName', {}), limit: MAX_TRACKING_DOMAINS + 1 });
  if (count.items.length >= MAX_TRACKING_DOMAINS)
    throw conflict(`At most ${MAX_TRACKING_DOMAINS} tracking domains per workspace`, { code: 'tracking_domain_limit' });
  try {
    await table.put(TrackingDomain.item({ domain: name }, item), TrackingDomain.notExists);
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
  }
  return view((await table.get<TrackingDomainItem>(TrackingDomain.key({ domain: name })))!);
}

async function requireDomain(table: TableStore, id: string) {
  const d = /^[a-z0-9.-]{1,253}$/.test(id) ? await table.get<TrackingDomainItem>(TrackingDomain.key({ domain: id })) : undefined;
  if (!d) throw notFound('Tracking domain');
  return d;
}

export async function listTrackingDomains(table: TableStore) {
  const page = await table.query<TrackingDomainItem>({ ...TrackingDomain.query('byName', {}), limit: MAX_TRACKING_DOMAINS + 5 });
  return { data: page.items.map(view) };
}

export async function healthCheckTrackingDomain(deps: Deps, table: TableStore, id: string) {
  const d = await requireDomain(table, id);
  const r = new dnsp.Resolver({ timeout: 3000, tries: 2 });
  if (deps.config.dnsServers?.length) r.setServers(deps.config.dnsServers);
  let status: TrackingDomainItem['status'];
  let reason: string | null = null;
  try {
    const cnames = (await r.resolveCname(d.domain)).map((c) => c.toLowerCase().replace(/\.$/, ''));
    if (cnames.includes(d.cnameTarget)) status = 'ACTIVE';
    else [status, reason] = ['FAILED', `cname_mismatch: ${d.domain} points to ${cnames.join(', ')}, expected ${d.cnameTarget}`];
  } catch (e) {
    const code = (e as { code?: string }).code;
    [status, reason] =
      code === 'ENODATA' || code === 'ENOTFOUND'
        ? ['FAILED', `cname_missing: no CNAME at ${d.domain}; add CNAME ${d.domain} -> ${d.cnameTarget}`]
        : ['FAILED', `dns_error: ${code ?? (e as Error).message}`];
  }
  // A never-verified domain stays PENDING while the CNAME is simply not there yet.
  if (status === 'FAILED' && d.status === 'PENDING' && reason?.startsWith('cname_missing')) status = 'PENDING';
  const at = new Date(deps.clock.now()).toISOString();
  const after = await table.update<TrackingDomainItem>(TrackingDomain.key({ domain: d.domain }), { set: { status, reason, lastCheckedAt: at, updatedAt: at } });
  return view(after);
}

export async function setDefaultTrackingDomain(deps: Deps, table: TableStore, id: string) {
  const d = await requireDomain(table, id);
  if (d.status !== 'ACTIVE')
    throw conflict('Only an ACTIVE tracking domain can be the default: run the health check first', { code: 'tracking_domain_not_active', status: d.status });
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const previous = await getSetting<string>(table, 'defaultTrackingDomain');
  if (previous && previous !== d.domain) {
    await table.update(TrackingDomain.key({ domain: previous }), { set: { isDefault: false, updatedAt: at } }).catch(() => undefined);
  }
  await updateSetting(table, 'defaultTrackingDomain', now, () => d.domain);
  return view(await table.update<TrackingDomainItem>(TrackingDomain.key({ domain: d.domain }), { set: { isDefault: true, updatedAt: at } }));
}

/** For the send engine: the default tracking domain when it is ACTIVE, else null (use the service host). */
export async function getDefaultTrackingDomain(table: TableStore): Promise<string | null> {
  const name = await getSetting<string>(table, 'defaultTrackingDomain');
  return name ? activeTrackingDomain(table, name) : null;
}

/** The named tracking domain when it is ACTIVE, else null (links then use PUBLIC_BASE_URL). */
export async function activeTrackingDomain(table: TableStore, name: string): Promise<string | null> {
  const d = await table.get<TrackingDomainItem>(TrackingDomain.key({ domain: name }));
  return d?.status === 'ACTIVE' ? d.domain : null;
}
