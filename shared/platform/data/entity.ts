import type * as z from 'zod';
import type { Condition, Item, Key, QuerySpec } from '../ports/table-store.js';
import type { CheckedOutput } from '../registry/output-check.js';
import { attributeContract, type ItemType, type NoAttributes, type OutputShape, type OutputType, type Shape } from './entity-attributes.js';
import {
  attrNames,
  checkFreeText,
  fill,
  hasAllComposites,
  prefix,
  type Composites,
  type IndexName,
  type ItemComposites,
  type KeyTemplate,
  type KeysDeclaration,
} from './key-templates.js';

/**
 * Entities declared as data, the way ElectroDB does it (`indexes: {pk, sk}` templates with
 * `${composite}` placeholders), sized for this project's table-per-tenant single-table design.
 *
 * Why not ElectroDB itself: it binds an entity to one table name and one DocumentClient at
 * definition time, while here the same entity lives in every tenant's own table (chosen per request)
 * and all writes go through the `TableStore` port (transactions, ConditionFailed, cursor checks).
 * What we take from it is the model: one declaration builds every key and query prefix, and every
 * item carries its entity name and schema version.
 *
 * ```ts
 * export const Company = defineEntity({
 *   entity: 'company', version: 1, table: 'tenant',
 *   keys: {
 *     primary:   { pk: 'COMPANY#${companyId}', sk: 'COMPANY' },
 *     byCreated: { index: 'gsi1', pk: 'COMPANIES', sk: '${createdAt}#${companyId}' },
 *   },
 * });
 * Company.key({ companyId })                       // {pk, sk}
 * Company.item({ companyId, createdAt }, attrs)    // attrs + pk/sk + gsi1pk/gsi1sk + entity + _v
 * Company.query('byCreated', {})                   // {index:'gsi1', pk:'COMPANIES'} (a QuerySpec base)
 * ```
 *
 * Composite values are inserted verbatim (callers normalise them: lower-case, zero-padded numbers);
 * a value containing `#` is refused so that a crafted id cannot move a key into another entity's range.
 *
 * An entity may also declare its attributes (ElectroDB's `attributes`), each a zod schema: then the one
 * declaration gives its item type (`ItemOf<typeof X>`, what `X.item()` accepts), the schema a stored
 * item parses with (`X.schema`) and the schema its operations answer with (`X.output`: the attributes
 * less the `internal` ones, in declared order; a CheckedOutput, so a handler answering anything else
 * does not compile), with `X.view(item)` turning a stored item into that answer.
 *
 * ```ts
 * export const LeadEntity = defineEntity({
 *   entity: 'lead', version: 1, table: 'tenant', keys: {...},
 *   attributes: { id: z.string(), status: z.enum(LEAD_STATUSES), ..., version: z.number() },
 *   internal: ['version'],                 // stored, never answered
 *   defaults: { interest: 'unknown' },     // what a read gives an item written before the attribute existed
 * });
 * export type Lead = OutputOf<typeof LeadEntity>;
 * ```
 */

export interface EntityDeclaration<
  K extends KeysDeclaration,
  A extends Shape = NoAttributes,
  H extends keyof A & string = never,
  D extends Exclude<keyof A, H> & string = never,
> {
  /** Stamped on every item as `entity`: snake_case, as every entity's (defineEntity refuses another casing). */
  entity: string;
  /**
   * The name items were stamped with before the one casing (`LEAD`, `emailAccount`): `is` still accepts
   * it while the data migration `entity_name_casing` (shared/workspace/migrations/entity-casing.ts) rewrites them.
   */
  formerly?: string;
  /** Stamped on every item as `_v`: the item's schema version (migrations read it). */
  version: number;
  /** Which table family the entity lives in. */
  table: 'tenant' | 'platform';
  keys: K;
  /**
   * Composites that may contain `#` (free text such as an email address or an external reference).
   * Each must be the last placeholder of every template that uses it, so a key still splits into its
   * composites in one way only (the others never contain `#`).
   */
  freeText?: readonly string[];
  /**
   * The entity whose primary key this one deliberately shares: its item takes the other's place (a
   * claim left where a company was), so the other's readers check `entity`. The collision test
   * accepts this one pair.
   */
  replaces?: string;
  /** The item's attributes besides its keys and stamps, each a zod schema with `.describe()` where an agent needs it. */
  attributes?: A;
  /** Attributes stored on the item but never answered (tenant ids, versions, ttl, index bookkeeping). */
  internal?: readonly H[];
  /** The value `view` gives an attribute that a stored item lacks (one written before the attribute existed). */
  defaults?: { [P in D]: z.infer<A[P]> };
}

export interface Entity<K extends KeysDeclaration, A extends Shape = NoAttributes, H extends keyof A & string = never, D extends string = never> {
  readonly name: string;
  /** The name items were stamped with before the one casing (EntityDeclaration.formerly). */
  readonly formerly?: string;
  readonly version: number;
  readonly table: 'tenant' | 'platform';
  readonly keys: K;
  readonly replaces?: string;
  /** The primary key {pk, sk}. */
  key(c: Composites<K, 'primary'>): Key;
  /** The attributes of one secondary index ({gsi1pk, gsi1sk} ...). */
  indexKeys<N extends Exclude<keyof K, 'primary'> & string>(name: N, c: Composites<K, N>): Record<string, string>;
  /**
   * A complete item: `attrs`, the primary key, every secondary index whose composites are all present
   * (an index left out keeps the item out of that index: sparse indexes), `entity` and `_v`. An entity
   * with declared attributes takes those (its item type; the ones a read fills in may be left out).
   */
  item: [keyof A] extends [never]
    ? <T extends object>(c: ItemComposites<K>, attrs?: T) => T & Item & Key
    : (c: ItemComposites<K>, attrs: ItemType<A, D>) => ItemType<A, D> & Item & Key;
  /** The declared attributes (none for an entity declared by its keys alone). */
  readonly attributes: A;
  /** A stored item: the declared attributes, its keys and stamps passing through. */
  readonly schema: z.ZodType<ItemType<A, D>>;
  /** What operations answer for one item: the attributes less the internal ones, in declared order. */
  readonly output: CheckedOutput<z.ZodObject<OutputShape<A, H>, z.core.$loose>>;
  /**
   * The answer for a stored item: its output attributes in declared order; one it lacks takes its
   * declared default, or null when the attribute is nullable, or stays absent (an optional one).
   */
  view(item: Item): OutputType<A, H, D>;
  /**
   * A query over one key template: the partition from the pk composites (all required) and an sk
   * prefix from the leading sk composites given (stops at the first missing one).
   */
  query<N extends keyof K & string>(name: N, c: Partial<Composites<K, N>>): Pick<QuerySpec, 'index' | 'pk' | 'skBeginsWith'> & { pk: string };
  /** The sk prefix alone (for skBetween / skGreaterThan bounds). */
  skPrefix<N extends keyof K & string>(name: N, c: Partial<Composites<K, N>>): string;
  /** Condition that the item does (not) already exist: for creates and uniqueness markers. */
  readonly notExists: Condition;
  /** True when an item read from a table belongs to this entity (stamped with its name, or its former one). */
  is(item: unknown): boolean;
}

const ENTITY_NAME = /^[a-z][a-z0-9_]*$/;

/** Any entity, whatever its keys and attributes (what declaredEntities lists). */
export type AnyEntity = Omit<Entity<any, any, any, any>, 'item'> & { item(c: any, attrs?: any): Item & Key };
const declared: AnyEntity[] = [];

/** The item type of an entity declared with attributes (what `item()` stores besides keys and stamps). */
export type ItemOf<E> = E extends { readonly schema: z.ZodType<infer T> } ? T : never;
/** What an entity's operations answer for one item (`Entity.output`'s type). */
export type OutputOf<E> = E extends { view(item: Item): infer O } ? O : never;

export function defineEntity<
  const K extends KeysDeclaration,
  A extends Shape = NoAttributes,
  const H extends keyof A & string = never,
  D extends Exclude<keyof A, H> & string = never,
>(decl: EntityDeclaration<K, A, H, D>): Entity<K, A, H, D> {
  const label = decl.entity;
  if (!ENTITY_NAME.test(decl.entity)) throw new Error(`${label}: an entity name is snake_case (the one casing of the \`entity\` stamp)`);
  const free = decl.freeText ?? [];
  checkFreeText(decl.keys, free, label);
  const secondary = Object.entries(decl.keys).filter(([n]) => n !== 'primary') as [string, KeyTemplate][];
  const attributes = (decl.attributes ?? {}) as A;
  const contract = attributeContract<A, H, D>(label, attributes, decl.internal ?? [], (decl.defaults ?? {}) as Record<string, unknown>);
  const entity: Entity<K, A, H, D> = {
    name: decl.entity,
    formerly: decl.formerly,
    version: decl.version,
    table: decl.table,
    keys: decl.keys,
    replaces: decl.replaces,
    key: (c) => ({ pk: fill(decl.keys.primary.pk, c, label, free), sk: fill(decl.keys.primary.sk, c, label, free) }),
    indexKeys: (name, c) => {
      const t = decl.keys[name] as KeyTemplate;
      const a = attrNames(t.index);
      return { [a.pk]: fill(t.pk, c, label, free), [a.sk]: fill(t.sk, c, label, free) };
    },
    item: ((c: ItemComposites<K>, attrs?: object) => {
      const out: Item = { ...(attrs ?? {}), ...entity.key(c as never) };
      for (const [name, t] of secondary) if (hasAllComposites(t, c)) Object.assign(out, entity.indexKeys(name as never, c as never));
      out.entity = decl.entity;
      out._v = decl.version;
      return out as never;
    }) as Entity<K, A, H, D>['item'],
    attributes,
    get schema() {
      return contract().schema;
    },
    get output() {
      return contract().output;
    },
    view: (item) => contract().view(item),
    query: (name, c) => {
      const t = decl.keys[name] as KeyTemplate;
      const spec: { index?: IndexName; pk: string; skBeginsWith?: string } = { pk: fill(t.pk, c, label, free) };
      if (t.index) spec.index = t.index;
      const sk = prefix(t.sk, c);
      if (sk) spec.skBeginsWith = sk;
      return spec;
    },
    skPrefix: (name, c) => prefix((decl.keys[name] as KeyTemplate).sk, c),
    notExists: { expression: 'attribute_not_exists(pk)' },
    is: (item) => {
      const stamp = typeof item === 'object' && item !== null ? (item as Item).entity : undefined;
      return stamp !== undefined && (stamp === decl.entity || stamp === decl.formerly);
    },
  };
  declared.push(entity as AnyEntity);
  return entity;
}

/** Every entity declared so far (the collision test imports all entity modules first). */
export const declaredEntities = (): readonly AnyEntity[] => declared;
