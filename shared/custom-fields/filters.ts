import type { TableStore } from '../ports/table-store.js';
import { catalog, matchRule, parseFilters, parseFiltersOrThrow, type Rule } from '../filters/filters.js';
import { listDefinitions } from './definitions.js';
import type { CfEntity } from './entities.js';

/**
 * Custom-field filters for an entity whose `filters` accept only `cf_<slug>` rules (GET /api/contacts):
 * `{field:'cf_<slug>', operator, value}` or an array of them. Unknown field or cf key → 400
 * `{code:'unknown_filter_field', available:['cf_…']}`; unsupported operator or bad value/JSON → 400
 * `{code:'malformed_filter'}`. Operators: number gt/gte/lt/lte/equals, text contains/equals/isEmpty,
 * date before/after.
 */
export async function compileCustomFieldFilters(table: TableStore, entity: CfEntity, raw: unknown): Promise<Rule[]> {
  return parseFiltersOrThrow(raw, catalog({}, await listDefinitions(table, entity)));
}

/** Non-throwing variant (for SMART-style evaluation that reports instead of failing). */
export async function tryCompileCustomFieldFilters(table: TableStore, entity: CfEntity, raw: unknown) {
  return parseFilters(raw, catalog({}, await listDefinitions(table, entity)));
}

/** True when an item's `customFields` map satisfies every cf rule. */
export function matchesCustomFields(rules: Rule[], customFields: Record<string, unknown> | undefined): boolean {
  return rules.every((r) => !r.slug || matchRule(r, customFields?.[r.slug]));
}
