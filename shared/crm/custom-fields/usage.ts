import { notFound } from '../../platform/errors.js';
import type { QuerySpec, TableStore } from '../../platform/ports/table-store.js';
import { CompanyEntity } from '../companies/entities.js';
import { ContactEntity } from '../contacts/entities.js';
import { CompanyListEntity } from '../company-lists/entities.js';
import { listDefinitions } from './definitions.js';
import { CustomFieldNumber, type CfEntity } from './entities.js';

/** Records read to count the holders of one field: beyond it the count is a lower bound (`complete: false`). */
export const USAGE_MAX_READ = 10_000;
/** Company lists read to find the SMART ones whose rules name the field. */
export const USAGE_MAX_LISTS = 1_000;
const PAGE = 1_000;

/**
 * Where one custom field is used: how many companies (or contacts) hold a value, and which SMART company
 * lists filter on it. A number field is counted on its value index (one entry per holder, so only holders
 * are read); a text or date field has no index, so its owners are read (bounded by USAGE_MAX_READ).
 * Contact lists are STATIC only, and SMART company-list rules cannot name a contact field, so a contact
 * field's `smartLists` is always empty.
 */
export async function customFieldUsage(table: TableStore, entity: CfEntity, slug: string) {
  const def = (await listDefinitions(table, entity)).find((d) => d.slug === slug);
  if (!def) throw notFound('Custom field');
  const spec: QuerySpec =
    def.fieldType === 'number'
      ? CustomFieldNumber.query('byValue', { owner: entity, slug })
      : {
          ...(entity === 'company' ? CompanyEntity.query('byCreated', {}) : ContactEntity.query('all', {})),
          filter: { expression: 'attribute_exists(#cf.#slug)', names: { '#cf': 'customFields', '#slug': slug } },
        };
  const [holders, smartLists] = await Promise.all([countHolders(table, spec), entity === 'company' ? smartListsNaming(table, `cf_${slug}`) : none()]);
  return { entity, slug, label: def.label, fieldType: def.fieldType, holders, smartLists };
}

async function countHolders(table: TableStore, spec: QuerySpec) {
  let count = 0;
  let cursor: string | undefined;
  for (let read = 0; read < USAGE_MAX_READ; read += PAGE) {
    const page = await table.query({ ...spec, limit: PAGE, cursor });
    count += page.items.length;
    cursor = page.cursor;
    if (!cursor) break;
  }
  return { count, complete: !cursor };
}

const none = async () => ({ data: [] as { id: string; name: string }[], complete: true });

async function smartListsNaming(table: TableStore, field: string) {
  const data: { id: string; name: string }[] = [];
  let cursor: string | undefined;
  for (let read = 0; read < USAGE_MAX_LISTS; read += 100) {
    const page = await table.query({ ...CompanyListEntity.query('all', {}), limit: 100, cursor });
    for (const l of page.items) if (l.type === 'SMART' && namesField(l.filters, field)) data.push({ id: l.id as string, name: l.name as string });
    cursor = page.cursor;
    if (!cursor) break;
  }
  return { data, complete: !cursor };
}

/** True when stored filter rules (one rule or an array; a string when stored unparsable) name `field`. */
function namesField(filters: unknown, field: string): boolean {
  if (typeof filters === 'string') return filters.includes(`"${field}"`);
  const rules = Array.isArray(filters) ? filters : [filters];
  return rules.some((r) => !!r && typeof r === 'object' && (r as { field?: unknown }).field === field);
}
