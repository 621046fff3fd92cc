import { notFound } from '../../platform/errors.js';
import type { OutputOf } from '../../platform/data/entity.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import { CompanyEntity, isCompany } from '../companies/entities.js';
import { compileCompanyFilters, contactStrings } from '../companies/list.js';
import { listDefinitions } from '../custom-fields/definitions.js';
import { matchesItem, matchRelation } from '../filters/filters.js';
import { CompanyListEntity, CompanyListMember } from './entities.js';

/** Lists read per call: a workspace with more lists gets the rest with `cursor`. */
export const LISTS_PER_CALL = 500;
const PAGE = 100;

export type ListOfCompany = Pick<OutputOf<typeof CompanyListEntity>, 'id' | 'name' | 'type' | 'memberCount'>;

/**
 * The company lists a company is in: STATIC lists holding a member item for it, and SMART lists whose
 * rules match it now. Membership items are keyed by list (no index by company), so the lists are read
 * (LISTS_PER_CALL per call, newest first) and each page's membership keys fetched in one BatchGet.
 * A SMART list whose rules cannot run (UNSUPPORTED/UNAVAILABLE) matches nothing. 404 for an unknown company.
 */
export async function listsOfCompany(table: TableStore, companyId: string, q: { cursor?: string }) {
  const company = await table.get(CompanyEntity.key({ companyId }));
  if (!isCompany(company)) throw notFound('Company');
  const defs = await listDefinitions(table, 'company');
  let contacts: Promise<string[]> | undefined; // read once, when a SMART rule needs the company's contacts
  const smartListMatches = async (filters: unknown) => {
    const parsed = await compileCompanyFilters(table, filters, defs);
    if (!parsed.ok || !matchesItem(parsed.rules, company)) return false;
    const relation = parsed.rules.filter((r) => r.kind === 'relation');
    if (!relation.length) return true;
    const strings = await (contacts ??= contactStrings(table, companyId));
    return relation.every((r) => matchRelation(r, strings));
  };
  const data: ListOfCompany[] = [];
  let cursor = q.cursor;
  for (let read = 0; read < LISTS_PER_CALL; read += PAGE) {
    const page = await table.query({ ...CompanyListEntity.query('all', {}), limit: PAGE, cursor, descending: true });
    const staticIds = page.items.filter((l) => l.type === 'STATIC').map((l) => l.id as string);
    const members = staticIds.length ? await table.batchGet<{ pk: string }>(staticIds.map((listId) => CompanyListMember.key({ listId, companyId }))) : [];
    const memberOf = new Set(members.map((m) => m.pk));
    for (const l of page.items) {
      const listId = l.id as string;
      const member = l.type === 'STATIC' ? memberOf.has(CompanyListMember.key({ listId, companyId }).pk) : await smartListMatches(l.filters);
      if (member) {
        const { id, name, type, memberCount } = CompanyListEntity.view(l);
        data.push({ id, name, type, memberCount });
      }
    }
    cursor = page.cursor;
    if (!cursor) break;
  }
  return { data, nextCursor: cursor ?? null };
}
