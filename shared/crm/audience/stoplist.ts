import { badRequest, notFound } from '../../platform/errors.js';
import { getCompanyItem } from '../companies/companies.js';
import { ConditionFailed, notExists, type Item, type TableStore } from '../../platform/ports/table-store.js';
import { domainAndParents, normalizeDomain } from './normalize.js';
import { StopListEntry } from './entities.js';

/** The stop-list: domains (with their subdomains) and companies that are never contacted. */
export interface StopListEntry {
  /** `domain:<domain>` or `company:<companyId>`. */
  id: string;
  type: 'domain' | 'company';
  domain: string | null;
  companyId: string | null;
  /** Name of the company when it was added (display only). */
  companyName: string | null;
  note: string | null;
  createdAt: string;
}

const view = (i: Item): StopListEntry => ({
  id: i.id as string,
  type: i.type as StopListEntry['type'],
  domain: (i.domain as string) ?? null,
  companyId: (i.companyId as string) ?? null,
  companyName: (i.companyName as string) ?? null,
  note: (i.note as string) ?? null,
  createdAt: i.createdAt as string,
});

const domainId = (d: string) => `domain:${d}`;
const companyId = (c: string) => `company:${c}`;

/** Adds a domain or a company of this workspace (404 otherwise). Idempotent: `created:false` for an existing entry. */
export async function addToStopList(table: TableStore, input: { domain?: string; companyId?: string; note?: string }, now: number) {
  if ((input.domain === undefined) === (input.companyId === undefined)) throw badRequest(['exactly one of domain or companyId must be given']);
  const at = new Date(now).toISOString();
  let item: Item;
  if (input.domain !== undefined) {
    const domain = normalizeDomain(input.domain);
    if (!domain) throw badRequest(['domain must be a domain name']);
    const id = domainId(domain);
    item = StopListEntry.item({ stopId: id, createdAt: at }, { id, type: 'domain', domain, createdAt: at });
  } else {
    const company = await getCompanyItem(table, input.companyId!);
    const id = companyId(input.companyId!);
    item = StopListEntry.item(
      { stopId: id, createdAt: at },
      { id, type: 'company', companyId: input.companyId, companyName: company.name ?? null, createdAt: at },
    );
  }
  if (input.note) item.note = input.note;
  try {
    await table.put(item, notExists);
    return { ...view(item), created: true };
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
    return { ...view((await table.get(StopListEntry.key({ stopId: item.id as string }))) ?? item), created: false };
  }
}

/** The entry id for `domain:acme.com`, `company:<id>` or a bare domain. */
export function stopListIdOf(raw: string): string {
  if (/^company:[A-Za-z0-9_-]{1,64}$/.test(raw)) return raw;
  const domain = normalizeDomain(raw.replace(/^domain:/, ''));
  if (!domain) throw notFound('Stop-list entry');
  return domainId(domain);
}

export async function removeFromStopList(table: TableStore, raw: string) {
  const id = stopListIdOf(raw);
  try {
    await table.delete(StopListEntry.key({ stopId: id }), { expression: 'attribute_exists(pk)' });
  } catch (e) {
    if (e instanceof ConditionFailed) throw notFound('Stop-list entry');
    throw e;
  }
  return { id, deleted: true };
}

export async function listStopList(table: TableStore, q: { limit: number; cursor?: string; type?: 'domain' | 'company' }) {
  const page = await table.query({
    ...StopListEntry.query('all', {}),
    descending: true,
    limit: q.limit,
    cursor: q.cursor,
    ...(q.type ? { filter: { expression: '#t = :t', names: { '#t': 'type' }, values: { ':t': q.type } } } : {}),
  });
  return { data: page.items.map(view), nextCursor: page.cursor ?? null };
}

/** The entry that stops contact with a domain (or its parents) or a company, if any. */
export async function stopListMatch(table: TableStore, target: { domain?: string | null; companyId?: string | null }): Promise<StopListEntry | undefined> {
  return (await stopListMatches(table, [target]))[0];
}

/** stopListMatch for many targets with one BatchGet of their distinct domains, parent domains and companies (a build screens a chunk at once). */
export async function stopListMatches(
  table: TableStore,
  targets: { domain?: string | null; companyId?: string | null }[],
): Promise<(StopListEntry | undefined)[]> {
  const idsOf = (target: { domain?: string | null; companyId?: string | null }) => {
    const domain = target.domain ? normalizeDomain(target.domain) : undefined;
    return [...(domain ? domainAndParents(domain).map(domainId) : []), ...(target.companyId ? [companyId(target.companyId)] : [])];
  };
  const wanted = targets.map(idsOf);
  const all = [...new Set(wanted.flat())];
  if (!all.length) return targets.map(() => undefined);
  const found = new Map((await table.batchGet(all.map((id) => StopListEntry.key({ stopId: id })))).map((i) => [i.id as string, i]));
  return wanted.map((ids) => {
    const first = ids.find((id) => found.has(id));
    return first ? view(found.get(first)!) : undefined;
  });
}

/** Whether a domain (or an address's domain) or a company is on the stop-list (campaign screen step). */
export async function isStopListed(table: TableStore, target: { domain?: string | null; companyId?: string | null }): Promise<boolean> {
  return !!(await stopListMatch(table, target));
}
