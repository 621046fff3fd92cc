import { badRequest } from '../../platform/errors.js';
import type { Item, QuerySpec, TableStore } from '../../platform/ports/table-store.js';
import { listDefinitions, type CustomFieldDefinition } from '../custom-fields/definitions.js';
import { numberRange } from '../custom-fields/number-encoding.js';
import { catalog, matchRelation, matchesItem, parseFilters, type FieldKind, type ParseResult, type Rule } from '../filters/filters.js';
import { toCompany, type Company } from './model.js';
import { CompanyEntity } from './entities.js';
import { ContactEntity } from '../contacts/entities.js';
import { companyContactIds } from '../contacts/company-contacts.js';
import { CustomFieldNumber } from '../custom-fields/entities.js';

/**
 * GET /api/companies as Query pages, never a Scan.
 *
 * Driving index (chosen from `sort` and the rules):
 * - sort=createdAt / -createdAt (default -createdAt): gsi1 COMPANIES, `createdAt` before/after become
 *   the sort-key range;
 * - sort=name / -name: gsi3 COMPANIES#NAME;
 * - sort=cf_<slug> / -cf_<slug> (number fields), or no `sort` with a number cf rule: gsi2 CF#company#<slug>
 *   with the rule's comparison as the sort-key range (then companies without a value are not listed).
 * Other rules are evaluated in code on the Query pages. Every index sort key ends in `#<id>`, so it is
 * unique: the cursor is the last examined sort key, and the next page resumes strictly after it (stable
 * under inserts and deletes). Work is bounded per request: at most MAX_EXAMINED index items, MAX_ROUNDS
 * queries and MAX_RELATION_LOOKUPS contact look-ups; a selective filter can thus return a short (even
 * empty) page with a `nextCursor`: continue while `nextCursor` is not null.
 */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
export const MAX_EXAMINED = 1000;
export const MAX_ROUNDS = 10;
export const MAX_RELATION_LOOKUPS = 200;

export const COMPANY_FILTER_FIELDS: Record<string, FieldKind> = {
  name: 'text',
  domain: 'text',
  industry: 'text',
  city: 'text',
  country: 'text',
  size: 'text',
  phone: 'text',
  website: 'text',
  description: 'text',
  source: 'text',
  address: 'text',
  createdAt: 'date',
  updatedAt: 'date',
  contacts: 'relation',
};

export interface Sort {
  by: 'createdAt' | 'name' | 'cf';
  slug?: string;
  desc: boolean;
  explicit: boolean;
}

export function parseSort(raw: string | undefined, defs: CustomFieldDefinition[]): Sort {
  if (raw === undefined || raw === '') return { by: 'createdAt', desc: true, explicit: false };
  const desc = raw.startsWith('-');
  const key = desc ? raw.slice(1) : raw;
  if (key === 'createdAt' || key === 'name') return { by: key, desc, explicit: true };
  const def = key.startsWith('cf_') ? defs.find((d) => `cf_${d.slug}` === key && d.fieldType === 'number') : undefined;
  if (def) return { by: 'cf', slug: def.slug, desc, explicit: true };
  const numbers = defs.filter((d) => d.fieldType === 'number').map((d) => `cf_${d.slug}`);
  throw badRequest([`sort must be one of the following values: ${['createdAt', 'name', ...numbers].flatMap((s) => [s, `-${s}`]).join(', ')}`]);
}

/** Compiles raw filters (query JSON text or stored JSON) against the company catalogue. */
export async function compileCompanyFilters(table: TableStore, raw: unknown, defs?: CustomFieldDefinition[]): Promise<ParseResult> {
  return parseFilters(raw, catalog(COMPANY_FILTER_FIELDS, defs ?? (await listDefinitions(table, 'company'))));
}

interface Plan {
  index: NonNullable<QuerySpec['index']>;
  pk: string;
  skAttr: string;
  lo?: string;
  hi?: string;
  desc: boolean;
  cfDriven: boolean;
  /** Every rule is answered by the key range alone: no over-fetching needed (still re-checked in code). */
  covered: boolean;
}

function plan(sort: Sort, rules: Rule[]): Plan {
  const numberRule = rules.find((r) => r.kind === 'number');
  const cfSlug = sort.by === 'cf' ? sort.slug : !sort.explicit && numberRule ? numberRule.slug : undefined;
  let p: Plan;
  if (cfSlug)
    p = {
      index: 'gsi2',
      pk: CustomFieldNumber.query('byValue', { owner: 'company', slug: cfSlug }).pk,
      skAttr: 'gsi2sk',
      desc: sort.by === 'cf' && sort.desc,
      cfDriven: true,
      covered: true,
    };
  else if (sort.by === 'name')
    p = { index: 'gsi3', pk: CompanyEntity.query('byName', {}).pk, skAttr: 'gsi3sk', desc: sort.desc, cfDriven: false, covered: true };
  else p = { index: 'gsi1', pk: CompanyEntity.query('byCreated', {}).pk, skAttr: 'gsi1sk', desc: sort.desc, cfDriven: false, covered: true };
  // Fold comparisons on the driving key into the range; sentinels never equal a real `<value>#<id>` key.
  for (const r of rules) {
    let b: { lo?: string; hi?: string } = {};
    if (p.cfDriven && r.kind === 'number' && r.slug === cfSlug) {
      const range = numberRange(r.operator as 'gt', r.value as number);
      b = 'skBeginsWith' in range ? { lo: range.skBeginsWith, hi: `${range.skBeginsWith}~` } : { lo: range.skGreaterThan, hi: range.skLessThan };
    } else if (p.index === 'gsi1' && r.field === 'createdAt') {
      b = r.operator === 'after' ? { lo: `${r.value}#~` } : { hi: `${r.value}#` };
    }
    if (b.lo === undefined && b.hi === undefined) p.covered = false;
    if (b.lo !== undefined && (p.lo === undefined || b.lo > p.lo)) p.lo = b.lo;
    if (b.hi !== undefined && (p.hi === undefined || b.hi < p.hi)) p.hi = b.hi;
  }
  return p;
}

const signature = (p: Plan) => `${p.pk}|${p.desc ? 'd' : 'a'}`;
// Signed (shared/platform/http/paging.ts) and bound to the tenant's table and the plan: `k` becomes a key bound.
const encodeCursor = (table: TableStore, p: Plan, sk: string) => table.cursors.seal(`${table.tableName}|companies|${signature(p)}`, { k: sk });
function decodeCursor(table: TableStore, p: Plan, cursor: string | undefined): string | undefined {
  if (!cursor) return undefined;
  const message = 'cursor is not valid for this list (it belongs to another sort or filter)';
  const c = table.cursors.open(`${table.tableName}|companies|${signature(p)}`, cursor, message) as { k?: unknown };
  if (c && typeof c.k === 'string' && c.k !== '') return c.k;
  throw badRequest([message]);
}

function range(lo: string | undefined, hi: string | undefined): Partial<QuerySpec> {
  if (lo !== undefined && hi !== undefined) return { skBetween: [lo, hi] };
  if (lo !== undefined) return { skGreaterThan: lo };
  if (hi !== undefined) return { skLessThan: hi };
  return {};
}

/** Names and emails of a company's first 100 contacts (shared/crm/contacts/company-contacts.ts). */
export async function contactStrings(table: TableStore, companyId: string): Promise<string[]> {
  const ids = await companyContactIds(table, companyId, 100);
  const contacts = ids.length ? await table.batchGet(ids.map((id) => ContactEntity.key({ contactId: id }))) : [];
  const out: string[] = [];
  for (const c of contacts) {
    for (const f of ['name', 'fullName', 'firstName', 'lastName', 'email', 'personalEmail']) if (typeof c[f] === 'string') out.push(c[f] as string);
    if (typeof c.firstName === 'string' && typeof c.lastName === 'string') out.push(`${c.firstName} ${c.lastName}`);
    for (const ch of (Array.isArray(c.channels) ? c.channels : []) as { type?: string; value?: unknown }[])
      if (ch.type === 'email' && typeof ch.value === 'string') out.push(ch.value);
  }
  return out;
}

export interface CompanyPage {
  data: Company[];
  nextCursor: string | null;
  pageSize: number;
  examined: number;
}

/** One bounded page of companies matching `rules`, in `sort` order. */
export async function queryCompanies(
  table: TableStore,
  q: { pageSize: number; cursor?: string; sort: Sort; rules: Rule[]; maxExamined?: number },
): Promise<CompanyPage> {
  const p = plan(q.sort, q.rules);
  let resume = decodeCursor(table, p, q.cursor);
  const relation = q.rules.filter((r) => r.kind === 'relation');
  const filtered = !p.covered;
  const maxExamined = q.maxExamined ?? MAX_EXAMINED;
  const out: Company[] = [];
  let examined = 0,
    lookups = 0,
    more = true;
  for (let round = 0; round < MAX_ROUNDS && more && out.length < q.pageSize && examined < maxExamined; round++) {
    const lo = !p.desc && resume !== undefined && (p.lo === undefined || resume > p.lo) ? resume : p.lo;
    const hi = p.desc && resume !== undefined && (p.hi === undefined || resume < p.hi) ? resume : p.hi;
    if (lo !== undefined && hi !== undefined && lo > hi) {
      more = false;
      break;
    }
    const want = q.pageSize - out.length;
    const limit = filtered ? Math.min(maxExamined - examined + 1, Math.max(100, 2 * want)) : want + 1;
    const page = await table.query({ index: p.index, pk: p.pk, ...range(lo, hi), limit, descending: p.desc });
    const items = page.items.filter((i) => i[p.skAttr] !== resume);
    const owners = p.cfDriven ? await ownersOf(table, items) : undefined;
    // A number-index entry is the company item itself (number-index.ts) or a CustomFieldNumber item naming its owner.
    let consumed = 0;
    for (const item of items) {
      if (out.length >= q.pageSize || examined >= maxExamined) break;
      const company = owners && !CompanyEntity.is(item) ? owners.get(item.ownerId as string) : item; // undefined: deleted since indexed
      if (company && matchesItem(q.rules, company)) {
        if (!relation.length) out.push(toCompany(company));
        else {
          if (lookups >= MAX_RELATION_LOOKUPS) break; // resume at this item next time
          lookups++;
          const strings = await contactStrings(table, company.id as string);
          if (relation.every((r) => matchRelation(r, strings))) out.push(toCompany(company));
        }
      }
      examined++;
      consumed++;
      resume = item[p.skAttr] as string;
    }
    if (consumed === items.length && !page.cursor) more = false;
    if (lookups >= MAX_RELATION_LOOKUPS) break;
  }
  return { data: out, nextCursor: more && resume !== undefined ? encodeCursor(table, p, resume) : null, pageSize: q.pageSize, examined };
}

async function ownersOf(table: TableStore, items: Item[]) {
  const refs = items.filter((i) => !CompanyEntity.is(i));
  const found = refs.length ? await table.batchGet(refs.map((i) => CompanyEntity.key({ companyId: i.ownerId as string }))) : [];
  return new Map(found.filter((c) => c.entity === 'company').map((c) => [c.id as string, c]));
}
