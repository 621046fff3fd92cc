import { badRequestCode } from '../../platform/errors.js';
import type { CustomFieldDefinition } from '../custom-fields/definitions.js';
import { parseDate } from '../custom-fields/values.js';

/**
 * Filter rules `{field, operator, value}` (the `filters` query parameter, a JSON array; SMART lists
 * store the same array). Parsing is pure: it returns a problem instead of throwing, so a SMART list can
 * report UNSUPPORTED/UNAVAILABLE while an HTTP list turns the same problem into its 400.
 */
export type FieldKind = 'text' | 'date' | 'relation' | 'number';

export const OPERATORS: Record<FieldKind, readonly string[]> = {
  text: ['contains', 'equals', 'isEmpty'],
  date: ['before', 'after'],
  relation: ['contains', 'equals'],
  number: ['gt', 'gte', 'lt', 'lte', 'equals'],
};

export interface Rule {
  field: string;
  operator: string;
  kind: FieldKind;
  /** Set for `cf_<slug>` rules. */
  slug?: string;
  /** Normalised value: lower-cased string (text/relation), ISO instant (date), number, or boolean (isEmpty). */
  value: string | number | boolean;
}

export type FilterProblem =
  /** `unsupported_operator`: a known field with an operator it does not support; `malformed`: syntax or value. */
  | { code: 'malformed_filter'; reason: 'malformed' | 'unsupported_operator'; message: string }
  | { code: 'unknown_filter_field'; field: string; available: string[] };

export type ParseResult = { ok: true; rules: Rule[] } | { ok: false; problem: FilterProblem };

export const MAX_RULES = 20;

/** Fixed fields of an entity (`{name: 'text', createdAt: 'date', contacts: 'relation'}`) plus its custom fields as `cf_<slug>`. */
export function catalog(fixed: Record<string, FieldKind>, defs: Iterable<CustomFieldDefinition>) {
  const fields = new Map<string, { kind: FieldKind; slug?: string }>(Object.entries(fixed).map(([f, kind]) => [f, { kind }]));
  for (const d of defs) fields.set(`cf_${d.slug}`, { kind: d.fieldType === 'number' ? 'number' : d.fieldType, slug: d.slug });
  return fields;
}

const malformed = (message: string, reason: 'malformed' | 'unsupported_operator' = 'malformed'): ParseResult => ({
  ok: false,
  problem: { code: 'malformed_filter', reason, message },
});

/** `raw` is the query string (JSON text) or already-parsed JSON (a stored SMART filter). */
export function parseFilters(raw: unknown, fields: Map<string, { kind: FieldKind; slug?: string }>): ParseResult {
  let json = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return { ok: true, rules: [] };
    try {
      json = JSON.parse(raw);
    } catch {
      return malformed('filters must be a JSON array of {field, operator, value}');
    }
  }
  if (json === undefined || json === null) return { ok: true, rules: [] };
  const list = Array.isArray(json) ? json : [json];
  if (list.length > MAX_RULES) return malformed(`at most ${MAX_RULES} filter rules`);
  const rules: Rule[] = [];
  for (const r of list) {
    if (!r || typeof r !== 'object' || Array.isArray(r) || typeof r.field !== 'string' || typeof r.operator !== 'string') {
      return malformed('each filter rule is an object {field, operator, value}');
    }
    const extra = Object.keys(r).filter((k) => !['field', 'operator', 'value'].includes(k));
    if (extra.length) return malformed(`filter rule property ${extra[0]} should not exist`);
    const def = fields.get(r.field);
    if (!def) return { ok: false, problem: { code: 'unknown_filter_field', field: r.field, available: [...fields.keys()] } };
    if (!OPERATORS[def.kind].includes(r.operator)) {
      return malformed(`operator ${r.operator} is not supported for ${r.field} (${def.kind}: ${OPERATORS[def.kind].join(', ')})`, 'unsupported_operator');
    }
    const value = normalizeValue(def.kind, r.operator, r.value);
    if (value === undefined) return malformed(`value of ${r.field} ${r.operator} is not valid`);
    rules.push({ field: r.field, operator: r.operator, kind: def.kind, slug: def.slug, value });
  }
  return { ok: true, rules };
}

function normalizeValue(kind: FieldKind, op: string, v: unknown): Rule['value'] | undefined {
  if (op === 'isEmpty') return v === undefined || v === null ? true : typeof v === 'boolean' ? v : undefined;
  switch (kind) {
    case 'text':
    case 'relation':
      if (typeof v === 'number') return String(v).toLowerCase();
      return typeof v === 'string' && v.trim() !== '' && v.length <= 500 ? v.trim().toLowerCase() : undefined;
    case 'date':
      return parseDate(v);
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      return Number.isFinite(n) ? n : undefined;
    }
  }
}

/** The HTTP form of a problem: 400 `{code:'unknown_filter_field', available}` or `{code:'malformed_filter'}`. */
export function problemError(p: FilterProblem) {
  return p.code === 'unknown_filter_field'
    ? badRequestCode('unknown_filter_field', { field: p.field, available: p.available, message: `Unknown filter field ${p.field}` })
    : badRequestCode('malformed_filter', { message: p.message });
}

/** Parses or throws the 400. */
export function parseFiltersOrThrow(raw: unknown, fields: Map<string, { kind: FieldKind; slug?: string }>): Rule[] {
  const r = parseFilters(raw, fields);
  if (!r.ok) throw problemError(r.problem);
  return r.rules;
}

/**
 * Evaluates the rules that need only the item itself (text, date, number); relation rules are the
 * caller's (they need other items). Text comparisons are case-insensitive; `equals` ignores outer spaces.
 */
export function matchesItem(rules: Rule[], item: Record<string, unknown>): boolean {
  return rules.every(
    (r) => r.kind === 'relation' || matchRule(r, r.slug ? (item.customFields as Record<string, unknown> | undefined)?.[r.slug] : item[r.field]),
  );
}

export function matchRule(r: Rule, actual: unknown): boolean {
  switch (r.operator) {
    case 'isEmpty':
      return (actual === undefined || actual === null || (typeof actual === 'string' && actual.trim() === '')) === r.value;
    case 'contains':
      return typeof actual === 'string' && actual.toLowerCase().includes(r.value as string);
    case 'equals':
      if (r.kind === 'number') return actual === r.value;
      return (typeof actual === 'string' || typeof actual === 'number') && String(actual).trim().toLowerCase() === r.value;
    case 'before':
      return typeof actual === 'string' && actual < (r.value as string);
    case 'after':
      return typeof actual === 'string' && actual > (r.value as string);
    case 'gt':
      return typeof actual === 'number' && actual > (r.value as number);
    case 'gte':
      return typeof actual === 'number' && actual >= (r.value as number);
    case 'lt':
      return typeof actual === 'number' && actual < (r.value as number);
    case 'lte':
      return typeof actual === 'number' && actual <= (r.value as number);
  }
  return false;
}

/** Relation match over the related items' names/emails: `contains` = any substring, `equals` = any exact value. */
export function matchRelation(r: Rule, values: string[]): boolean {
  const v = r.value as string;
  return values.some((s) => (r.operator === 'contains' ? s.toLowerCase().includes(v) : s.trim().toLowerCase() === v));
}
