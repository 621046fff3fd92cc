/**
 * The filter grammar of the list operations (`filters` = JSON array of {field, operator, value}), as the
 * builder edits it. The builder does not judge values: it writes what the person typed in the grammar's
 * types (isEmpty → boolean, a number field → a JSON number when it reads as one) and the API says what
 * is wrong, in its own words.
 */
export type FieldKind = 'text' | 'date' | 'relation' | 'number';

export const OPERATORS: Record<FieldKind, readonly string[]> = {
  text: ['contains', 'equals', 'isEmpty'],
  date: ['before', 'after'],
  relation: ['contains', 'equals'],
  number: ['gt', 'gte', 'lt', 'lte', 'equals'],
};

export const OPERATOR_LABELS: Record<string, string> = {
  contains: 'contains',
  equals: 'equals',
  isEmpty: 'is empty',
  before: 'before',
  after: 'after',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
};

export interface FilterField {
  field: string;
  label: string;
  kind: FieldKind;
}

/** One row of the builder: the value as typed. */
export interface FilterRow {
  field: string;
  operator: string;
  value: string;
}

export interface CustomFieldDefinition {
  slug: string;
  label: string;
  fieldType: string;
  entity?: string;
}

const COMPANY_FIXED: FilterField[] = [
  { field: 'name', label: 'Name', kind: 'text' },
  { field: 'domain', label: 'Domain', kind: 'text' },
  { field: 'industry', label: 'Industry', kind: 'text' },
  { field: 'city', label: 'City', kind: 'text' },
  { field: 'country', label: 'Country', kind: 'text' },
  { field: 'size', label: 'Size', kind: 'text' },
  { field: 'phone', label: 'Phone', kind: 'text' },
  { field: 'website', label: 'Website', kind: 'text' },
  { field: 'description', label: 'Description', kind: 'text' },
  { field: 'source', label: 'Source', kind: 'text' },
  { field: 'address', label: 'Address', kind: 'text' },
  { field: 'createdAt', label: 'Created', kind: 'date' },
  { field: 'updatedAt', label: 'Updated', kind: 'date' },
  { field: 'contacts', label: 'Contacts (names, emails)', kind: 'relation' },
];

const kindOf = (fieldType: string): FieldKind => (fieldType === 'number' ? 'number' : fieldType === 'date' ? 'date' : 'text');

/** The fields a company filter can name: the fixed ones and `cf_<slug>` for each custom field. */
export function companyFilterFields(defs: readonly CustomFieldDefinition[]): FilterField[] {
  return [...COMPANY_FIXED, ...defs.map((d) => ({ field: `cf_${d.slug}`, label: d.label, kind: kindOf(d.fieldType) }))];
}

/** The fields a contact filter can name: only `cf_<slug>` (the contacts list accepts custom-field rules only). */
export function contactFilterFields(defs: readonly CustomFieldDefinition[]): FilterField[] {
  return defs.map((d) => ({ field: `cf_${d.slug}`, label: d.label, kind: kindOf(d.fieldType) }));
}

export function kindOfField(fields: readonly FilterField[], field: string): FieldKind {
  return fields.find((f) => f.field === field)?.kind ?? 'text';
}

export function emptyRow(fields: readonly FilterField[]): FilterRow {
  const first = fields[0] ?? { field: 'name', kind: 'text' as const };
  return { field: first.field, operator: OPERATORS[first.kind][0], value: '' };
}

/** The rule as the API reads it. Unknown fields pass through unchanged: the API names them. */
export function toRule(row: FilterRow, fields: readonly FilterField[]): { field: string; operator: string; value: unknown } {
  const kind = kindOfField(fields, row.field);
  const typed = row.value.trim();
  let value: unknown = typed;
  if (row.operator === 'isEmpty') value = typed === '' || typed === 'true' ? true : typed === 'false' ? false : typed;
  else if (kind === 'number' && typed !== '' && Number.isFinite(Number(typed))) value = Number(typed);
  return { field: row.field, operator: row.operator, value };
}

/** The `filters` query value, or undefined when there are no rows. */
export function toFiltersParam(rows: readonly FilterRow[], fields: readonly FilterField[]): string | undefined {
  return rows.length ? JSON.stringify(rows.map((r) => toRule(r, fields))) : undefined;
}

/** Rows from a `filters` value (a URL's, a SMART list's); anything that is not the grammar gives no rows. */
export function fromFilters(raw: unknown): FilterRow[] {
  let json = raw;
  if (typeof raw === 'string') {
    try {
      json = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(json)) return [];
  return json
    .filter((r): r is { field: string; operator: string; value?: unknown } => !!r && typeof r.field === 'string' && typeof r.operator === 'string')
    .map((r) => ({ field: r.field, operator: r.operator, value: r.value === undefined || r.value === null ? '' : String(r.value) }));
}
