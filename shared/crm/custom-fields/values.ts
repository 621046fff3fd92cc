import { badRequest, badRequestCode } from '../../platform/errors.js';
import type { TableStore, TxOp } from '../../platform/ports/table-store.js';
import { definitionMap, type CustomFieldDefinition } from './definitions.js';
import type { CfEntity } from './entities.js';
import { CustomFieldNumber } from './entities.js';
import { encodeNumber } from './number-encoding.js';

export type CfValue = number | string;
export type CfValues = Record<string, CfValue>;
/** Input map: a value, or null to clear it. */
export type CfInput = Record<string, unknown>;

const MAX_TEXT = 2000;

/** A date value: an ISO date or date-time; stored as the full ISO instant so strings compare in time order. */
export function parseDate(v: unknown): string | undefined {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v.trim())) return undefined;
  const t = Date.parse(v.trim());
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

/**
 * Checks one value against its definition. `coerce` (imports: CSV cells are strings) accepts numeric
 * strings for number fields; the API is strict (a number field takes a JSON number).
 */
export function checkValue(def: CustomFieldDefinition, raw: unknown, coerce = false): CfValue | string[] {
  const name = `customFields.${def.slug}`;
  switch (def.fieldType) {
    case 'number': {
      const n = typeof raw === 'number' ? raw : coerce && typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim().replace(',', '.')) : NaN;
      return Number.isFinite(n) ? n : [`${name} must be a number`];
    }
    case 'date': {
      const d = parseDate(raw);
      return d ?? [`${name} must be an ISO 8601 date`];
    }
    case 'text':
      if (typeof raw === 'number' && coerce) return String(raw);
      if (typeof raw !== 'string') return [`${name} must be a string`];
      return raw.length <= MAX_TEXT ? raw : [`${name} must be shorter than or equal to ${MAX_TEXT} characters`];
  }
}

/**
 * Validates a `customFields` input against the entity's definitions and merges it into the current
 * values (null clears). Unknown slugs → 400 unknown_custom_field with the available slugs; wrong types
 * → 400 with a message per field.
 */
export function applyValues(
  defs: Map<string, CustomFieldDefinition>,
  current: CfValues,
  input: CfInput | undefined,
  opts: { coerce?: boolean } = {},
): CfValues {
  const next: CfValues = { ...current };
  if (!input) return next;
  const unknown = Object.keys(input).filter((s) => !defs.has(s));
  if (unknown.length) throw badRequestCode('unknown_custom_field', { fields: unknown, available: [...defs.keys()] });
  const errors: string[] = [];
  for (const [slug, raw] of Object.entries(input)) {
    if (raw === null || raw === undefined || (opts.coerce && raw === '')) {
      delete next[slug];
      continue;
    }
    const v = checkValue(defs.get(slug)!, raw, opts.coerce);
    if (Array.isArray(v)) errors.push(...v);
    else next[slug] = v;
  }
  if (errors.length) throw badRequest(errors);
  return next;
}

/** Validate-and-merge with the definitions loaded from the table (for callers outside a loop). */
export async function validateCustomFields(
  table: TableStore,
  entity: CfEntity,
  current: CfValues,
  input: CfInput | undefined,
  opts: { coerce?: boolean } = {},
) {
  return applyValues(await definitionMap(table, entity), current, input, opts);
}

/**
 * The index writes that keep gsi2 in step with an owner's number values: a put per changed number,
 * a delete per cleared one. Put them in the same transaction as the owner item write.
 */
export function numberIndexOps(entity: CfEntity, ownerId: string, defs: Map<string, CustomFieldDefinition>, before: CfValues, after: CfValues): TxOp[] {
  const ops: TxOp[] = [];
  for (const [slug, def] of defs) {
    if (def.fieldType !== 'number') continue;
    const a = before[slug];
    const b = after[slug];
    if (a === b) continue;
    if (typeof b === 'number') {
      ops.push({ put: CustomFieldNumber.item({ owner: entity, ownerId, slug, encoded: encodeNumber(b) }, { ownerId, slug, value: b }) });
    } else if (a !== undefined) {
      ops.push({ delete: CustomFieldNumber.key({ owner: entity, ownerId, slug }) });
    }
  }
  return ops;
}

/** Deletes of every number-value item of an owner (when the owner is deleted). */
export async function numberIndexCleanupOps(table: TableStore, entity: CfEntity, ownerId: string): Promise<TxOp[]> {
  const page = await table.query({ ...CustomFieldNumber.query('primary', { owner: entity, ownerId }), limit: 100 });
  return page.items.map((i) => ({ delete: { pk: i.pk as string, sk: i.sk as string } }));
}

/** `{slug, label, fieldType, value}` per definition, for the values read (a record's customFields: enrichment also keeps structured values there). */
export function describeValues(defs: Iterable<CustomFieldDefinition>, values: Record<string, unknown>) {
  // Stored values passed checkValue (a string or a number); anything else reads as unset.
  const valueOf = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? v : null);
  return [...defs].map((d) => ({ slug: d.slug, label: d.label, fieldType: d.fieldType, value: valueOf(values[d.slug]) }));
}
