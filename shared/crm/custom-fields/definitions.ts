import { badRequest, badRequestCode, conflict, notFound } from '../../platform/errors.js';
import { ConditionFailed, exists, notExists, type TableStore } from '../../platform/ports/table-store.js';
import type { CfEntity } from './entities.js';
import { CustomFieldDefinitionEntity } from './entities.js';

export const FIELD_TYPES = ['number', 'text', 'date'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface CustomFieldDefinition {
  entity: CfEntity;
  slug: string;
  label: string;
  fieldType: FieldType;
  createdAt: string;
}

/** Slugs are lower_snake identifiers, so `cf_<slug>` filter fields and `cf:<slug>` import targets stay unambiguous. */
export const SLUG_RE = /^[a-z][a-z0-9_]{0,47}$/;
/**
 * Definitions per entity: bounded, because every write and filtered list loads them in one Query, and
 * an owner write puts its item plus one gsi2 item per number value in ONE transaction (DynamoDB: 100
 * items), leaving room for the caller's own items (an import's key claims). The count check is a
 * soft limit (read before write): two racing creates may end at MAX+1, which the budget above absorbs.
 */
export const MAX_DEFINITIONS = 50;

const publicDef = (i: Record<string, unknown>): CustomFieldDefinition => ({
  entity: (i.owner ?? i.entity) as CfEntity,
  slug: i.slug as string,
  label: i.label as string,
  fieldType: i.fieldType as FieldType,
  createdAt: i.createdAt as string,
});

export async function createDefinition(table: TableStore, entity: CfEntity, input: { slug: string; label: string; fieldType: string }, now: number) {
  if (!SLUG_RE.test(input.slug)) throw badRequest(['slug must match /^[a-z][a-z0-9_]{0,47}$/ (lower_snake, starts with a letter)']);
  if (!FIELD_TYPES.includes(input.fieldType as FieldType)) throw badRequest([`fieldType must be one of the following values: ${FIELD_TYPES.join(', ')}`]);
  const existing = await listDefinitions(table, entity);
  if (existing.length >= MAX_DEFINITIONS) throw badRequestCode('too_many_custom_fields', { max: MAX_DEFINITIONS });
  const def: CustomFieldDefinition = {
    entity,
    slug: input.slug,
    label: input.label,
    fieldType: input.fieldType as FieldType,
    createdAt: new Date(now).toISOString(),
  };
  try {
    // The definition's own key is the slug's uniqueness marker: conditional write, never read-then-write.
    await table.transact([{ put: CustomFieldDefinitionEntity.item({ owner: entity, slug: def.slug }, { ...def, owner: entity }), condition: notExists }]);
  } catch (e) {
    if (e instanceof ConditionFailed) throw conflict(`Custom field ${def.slug} already exists`, { code: 'duplicate_slug', slug: def.slug });
    throw e;
  }
  return def;
}

/**
 * Changes what may change of a definition: its label. The slug is the key of every stored value and
 * filter (`cf_<slug>`), and the type decides how values are stored and indexed, so neither changes.
 */
export async function updateDefinition(table: TableStore, entity: CfEntity, slug: string, input: { label: string }, now: number) {
  try {
    const item = await table.update(CustomFieldDefinitionEntity.key({ owner: entity, slug }), {
      set: { label: input.label, updatedAt: new Date(now).toISOString() },
      condition: exists,
    });
    return publicDef(item);
  } catch (e) {
    if (e instanceof ConditionFailed) throw notFound('Custom field');
    throw e;
  }
}

/** Every definition of an entity (one bounded Query, slug order). */
export async function listDefinitions(table: TableStore, entity: CfEntity): Promise<CustomFieldDefinition[]> {
  const out: CustomFieldDefinition[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 5; i++) {
    const page = await table.query({ ...CustomFieldDefinitionEntity.query('primary', { owner: entity }), cursor, limit: MAX_DEFINITIONS });
    out.push(...page.items.map(publicDef));
    cursor = page.cursor;
    if (!cursor) break;
  }
  return out;
}

export async function definitionMap(table: TableStore, entity: CfEntity) {
  return new Map((await listDefinitions(table, entity)).map((d) => [d.slug, d]));
}
