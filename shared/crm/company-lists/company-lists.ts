import { badRequest, badRequestCode, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import type { OutputOf } from '../../platform/data/entity.js';
import { ConditionFailed, notExists, type Item, type TableStore } from '../../platform/ports/table-store.js';
import { toCompany, type Company } from '../companies/model.js';
import { compileCompanyFilters, parseSort, queryCompanies, type CompanyPage } from '../companies/list.js';
import type { FilterProblem } from '../filters/filters.js';
import { CompanyEntity } from '../companies/entities.js';
import { CompanyListEntity, CompanyListMember, type LIST_TYPES } from './entities.js';

export type ListType = (typeof LIST_TYPES)[number];
export type CompanyList = OutputOf<typeof CompanyListEntity>;

/** Evaluation outcome of a SMART filter: explicit, never an empty success (spec, Errors: Specific rules). */
export type Evaluation = { status: 'OK' } | { status: 'UNSUPPORTED' | 'UNAVAILABLE'; reason: string; message: string };

export const MAX_ADD = 500;

const toList = (i: Item): CompanyList => CompanyListEntity.view(i);

/** Unknown field or operator → UNSUPPORTED (the engine cannot run it); syntax or value errors → UNAVAILABLE. */
export function evaluationOf(problem: FilterProblem): Evaluation {
  if (problem.code === 'unknown_filter_field')
    return { status: 'UNSUPPORTED', reason: 'unknown_filter_field', message: `Unknown filter field ${problem.field}` };
  if (problem.reason === 'unsupported_operator') return { status: 'UNSUPPORTED', reason: 'unsupported_operator', message: problem.message };
  return { status: 'UNAVAILABLE', reason: 'malformed_filter', message: problem.message };
}

/** A SMART list's stored filters: parsed JSON when they were sent as a JSON string, else as sent. */
function storedFilters(raw: unknown) {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw; // kept verbatim: reading the list reports UNAVAILABLE
  }
}

export async function createCompanyList(table: TableStore, input: { name: string; type: ListType; filters?: unknown }, now: number) {
  if (input.type === 'STATIC' && input.filters !== undefined) throw badRequest(['filters is only allowed for SMART lists']);
  if (input.type === 'SMART' && (input.filters === undefined || input.filters === null)) throw badRequest(['filters should not be empty for a SMART list']);
  const id = newId(now);
  const at = new Date(now).toISOString();
  const item = CompanyListEntity.item(
    { listId: id },
    {
      id,
      name: input.name,
      type: input.type,
      ...(input.type === 'SMART' ? { filters: storedFilters(input.filters) } : { memberCount: 0 }),
      createdAt: at,
      updatedAt: at,
    },
  );
  await table.put(item, notExists);
  const list = toList(item);
  return input.type === 'SMART' ? { ...list, evaluation: await evaluate(table, list) } : list;
}

async function evaluate(table: TableStore, list: CompanyList): Promise<Evaluation> {
  const parsed = await compileCompanyFilters(table, list.filters);
  return parsed.ok ? { status: 'OK' } : evaluationOf(parsed.problem);
}

export async function getCompanyList(table: TableStore, listId: string): Promise<CompanyList> {
  const item = await table.get(CompanyListEntity.key({ listId }));
  if (!item || item.entity !== 'company_list') throw notFound('Company list');
  return toList(item);
}

export async function listCompanyLists(table: TableStore, q: { pageSize: number; cursor?: string }) {
  const page = await table.query({ ...CompanyListEntity.query('all', {}), limit: q.pageSize, cursor: q.cursor, descending: true });
  return { data: page.items.map(toList), nextCursor: page.cursor ?? null };
}

/** Adds existing companies to a STATIC list (idempotent per company). Unknown ids (incl. other tenants') → 404, nothing added. */
export async function addCompanies(table: TableStore, listId: string, companyIds: string[], now: number) {
  const list = await getCompanyList(table, listId);
  if (list.type !== 'STATIC')
    throw badRequestCode('list_not_static', { message: 'Companies are added to STATIC lists only; a SMART list is evaluated from its filters' });
  const ids = [...new Set(companyIds)];
  const found = await table.batchGet(ids.map((id) => CompanyEntity.key({ companyId: id })));
  const present = new Set(found.filter((c) => c.entity === 'company').map((c) => c.id as string));
  const missing = ids.filter((id) => !present.has(id));
  if (missing.length) throw notFound('Company');
  const at = new Date(now).toISOString();
  let added = 0;
  for (let i = 0; i < ids.length; i += 25) {
    const results = await Promise.all(
      ids.slice(i, i + 25).map(async (companyId) => {
        try {
          await table.put(CompanyListMember.item({ listId, companyId }, { companyId, addedAt: at }), notExists);
          return 1;
        } catch (e) {
          if (e instanceof ConditionFailed) return 0; // already a member
          throw e;
        }
      }),
    );
    added += results.reduce<number>((a, b) => a + b, 0);
  }
  if (added) await table.update(CompanyListEntity.key({ listId }), { add: { memberCount: added }, set: { updatedAt: at } });
  return { listId, added, alreadyMembers: ids.length - added };
}

export type MembersResult =
  | ({ status: 'OK'; listId: string; type: ListType } & Omit<CompanyPage, 'examined'>)
  | { status: 'UNSUPPORTED' | 'UNAVAILABLE'; listId: string; type: 'SMART'; reason: string; message: string; data: null; nextCursor: null };

/** Members of a list, one page: STATIC from its member items, SMART by evaluating its filters now. */
export async function listMembers(table: TableStore, listId: string, q: { pageSize: number; cursor?: string }): Promise<MembersResult> {
  const list = await getCompanyList(table, listId);
  if (list.type === 'SMART') {
    const parsed = await compileCompanyFilters(table, list.filters);
    if (!parsed.ok) return { listId, type: 'SMART', ...(evaluationOf(parsed.problem) as Exclude<Evaluation, { status: 'OK' }>), data: null, nextCursor: null };
    const page = await queryCompanies(table, { pageSize: q.pageSize, cursor: q.cursor, sort: parseSort(undefined, []), rules: parsed.rules });
    return { status: 'OK', listId, type: 'SMART', data: page.data, nextCursor: page.nextCursor, pageSize: page.pageSize };
  }
  const page = await table.query({ ...CompanyListMember.query('primary', { listId }), limit: q.pageSize, cursor: q.cursor });
  const data = await companiesInOrder(
    table,
    page.items.map((m) => m.companyId as string),
  );
  return { status: 'OK', listId, type: 'STATIC', data, nextCursor: page.cursor ?? null, pageSize: q.pageSize };
}

async function companiesInOrder(table: TableStore, ids: string[]): Promise<Company[]> {
  if (!ids.length) return [];
  const byId = new Map(
    (await table.batchGet(ids.map((id) => CompanyEntity.key({ companyId: id })))).filter((c) => c.entity === 'company').map((c) => [c.id as string, c]),
  );
  return ids.flatMap((id) => (byId.has(id) ? [toCompany(byId.get(id)!)] : [])); // deleted companies drop out lazily
}

export type CompanyIdsResult =
  | { status: 'OK'; type: ListType; companyIds: string[]; cursor: string | null }
  | { status: 'UNSUPPORTED' | 'UNAVAILABLE'; type: 'SMART'; reason: string; message: string; companyIds: null; cursor: null };

/**
 * Company ids of a list, for imports, campaigns (pour `{companyListId}`) and site enrichment.
 * With `limit`, one page (pass `cursor` back); without, every id (up to `max`, default 100 000).
 * A SMART list whose filters cannot run returns UNSUPPORTED/UNAVAILABLE, never an empty audience.
 * Throws 404 for an unknown list.
 */
export async function listCompanyIds(
  table: TableStore,
  listId: string,
  opts: { cursor?: string; limit?: number; max?: number } = {},
): Promise<CompanyIdsResult> {
  const ids: string[] = [];
  let cursor = opts.cursor;
  const max = opts.limit ?? opts.max ?? 100_000;
  let type: ListType;
  do {
    const page = await listMembers(table, listId, { pageSize: Math.min(200, max - ids.length), cursor });
    if (page.status !== 'OK') return { status: page.status, type: 'SMART', reason: page.reason, message: page.message, companyIds: null, cursor: null };
    type = page.type;
    ids.push(...page.data.map((c) => c.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && ids.length < max);
  return { status: 'OK', type, companyIds: ids, cursor: cursor ?? null };
}
