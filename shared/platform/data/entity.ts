import * as z from 'zod';
import { badRequest } from '../errors.js';
import type { Condition, Item, Key, QuerySpec } from '../ports/table-store.js';
import { checkedOutput, type CheckedOutput } from '../registry/output-check.js';

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

type Placeholders<S extends string> = S extends `${string}\${${infer P}}${infer Rest}` ? P | Placeholders<Rest> : never;

export type IndexName = 'gsi1' | 'gsi2' | 'gsi3';
export interface KeyTemplate {
  /** Omitted for the table's own pk/sk. */
  index?: IndexName;
  pk: string;
  sk: string;
}
export type KeysDeclaration = { primary: { pk: string; sk: string } } & Record<string, KeyTemplate>;

type CompositesOf<T extends KeyTemplate | { pk: string; sk: string }> = Placeholders<T['pk']> | Placeholders<T['sk']>;
type Composite = string | number;
export type Composites<K extends KeysDeclaration, N extends keyof K> = { [P in CompositesOf<K[N]>]: Composite };
type AllComposites<K extends KeysDeclaration> = { [N in keyof K]: CompositesOf<K[N]> }[keyof K];
type ItemComposites<K extends KeysDeclaration> = Partial<Record<AllComposites<K>, Composite>> & Composites<K, 'primary'>;

type Shape = z.ZodRawShape;
type NoAttributes = Record<never, never>;
/** What an entity stores besides its keys and stamps (all declared attributes). */
type AttributeTypes<A extends Shape> = z.infer<z.ZodObject<A>>;
/** Attributes a read fills in when an item lacks them (nullable ones, and those with a default): a stored item may lack them. */
type Fillable<A extends Shape, D extends string> = (D & keyof A) | { [P in keyof A]: null extends z.infer<A[P]> ? P : never }[keyof A];
type Flat<T> = { [P in keyof T]: T[P] } & {};
type ItemType<A extends Shape, D extends string> = Flat<
  Omit<AttributeTypes<A>, Fillable<A, D>> & Partial<Pick<AttributeTypes<A>, Fillable<A, D> & keyof AttributeTypes<A>>>
>;
type OutputShape<A extends Shape, H extends keyof A> = Omit<A, H>;
type Answered<A extends Shape, H extends keyof A> = z.infer<z.ZodObject<OutputShape<A, H>>>;
/** A view's type: the answered attributes, those with a default always present. */
type OutputType<A extends Shape, H extends keyof A, D extends string> = Flat<
  Omit<Answered<A, H>, D> & { [P in D & keyof Answered<A, H>]-?: Exclude<Answered<A, H>[P], undefined> }
>;

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
const PLACEHOLDER = /\$\{([A-Za-z0-9_]+)\}/g;

/** The 400 body names the field; the error message (logs, tests) also names the entity. */
const keyError = (problem: string, label: string) => Object.assign(badRequest([problem]), { message: `${label}: composite ${problem}` });

function fill(template: string, c: Record<string, unknown>, label: string, free: readonly string[] = []): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const v = c[name];
    // A client-supplied id reaches here: a 400, never a 500 (issue 16 fuzz run).
    if (v === undefined || v === null || v === '') throw keyError(`${name} is missing`, label);
    const s = String(v);
    if (s.includes('#') && !free.includes(name)) throw keyError(`${name} may not contain '#'`, label);
    return s;
  });
}

/** The literal part of a template up to the first missing composite. */
function prefix(template: string, c: Record<string, unknown>): string {
  let out = '';
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    out += template.slice(last, m.index);
    const v = c[m[1]];
    if (v === undefined || v === null || v === '') return out;
    out += String(v);
    last = m.index! + m[0].length;
  }
  return out + template.slice(last);
}

const placeholders = (t: string) => [...t.matchAll(PLACEHOLDER)].map((m) => m[1]);
const attrNames = (index?: IndexName) => (index ? { pk: `${index}pk`, sk: `${index}sk` } : { pk: 'pk', sk: 'sk' });

/** Any entity, whatever its keys and attributes (the collision test's and the registry's view). */
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
  for (const t of Object.values(decl.keys) as KeyTemplate[]) {
    for (const tpl of [t.pk, t.sk]) {
      const ps = placeholders(tpl);
      if (ps.slice(0, -1).some((p) => free.includes(p))) throw new Error(`${label}: free-text composite must be the last placeholder of ${tpl}`);
    }
  }
  const secondary = Object.entries(decl.keys).filter(([n]) => n !== 'primary') as [string, KeyTemplate][];
  const hasAll = (t: { pk: string; sk: string }, c: Record<string, unknown>) =>
    [...placeholders(t.pk), ...placeholders(t.sk)].every((p) => c[p] !== undefined && c[p] !== null && c[p] !== '');
  const attributes = (decl.attributes ?? {}) as A;
  const internal = new Set<string>(decl.internal ?? []);
  for (const h of internal) if (!(h in attributes)) throw new Error(`${label}: internal attribute ${h} is not declared`);
  const outputShape = Object.fromEntries(Object.entries(attributes).filter(([n]) => !internal.has(n))) as OutputShape<A, H>;
  const defaults = (decl.defaults ?? {}) as Record<string, unknown>;
  const fillable = new Set(Object.entries(attributes).flatMap(([n, s]) => (n in defaults || (s as z.ZodType).safeParse(null).success ? [n] : [])));
  // Per answered attribute, what a stored item that lacks it reads as (undefined: left absent).
  const absent = Object.keys(outputShape).map((n) => [n, n in defaults ? defaults[n] : fillable.has(n) ? null : undefined] as const);
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
      for (const [name, t] of secondary) if (hasAll(t, c)) Object.assign(out, entity.indexKeys(name as never, c as never));
      out.entity = decl.entity;
      out._v = decl.version;
      return out as never;
    }) as Entity<K, A, H, D>['item'],
    attributes,
    schema: z.looseObject(
      Object.fromEntries(Object.entries(attributes).map(([n, s]) => [n, fillable.has(n) ? (s as z.ZodType).optional() : s])),
    ) as unknown as z.ZodType<ItemType<A, D>>,
    output: checkedOutput(z.looseObject(outputShape)),
    view: (item) => {
      const out: Record<string, unknown> = {};
      for (const [n, ifAbsent] of absent) {
        const v = item[n] ?? ifAbsent;
        if (v !== undefined) out[n] = v;
      }
      return out as OutputType<A, H, D>;
    },
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

/**
 * Two templates can produce the same key when their literal prefixes overlap (one is a prefix of the
 * other). Returns the pairs of entities whose keys on the same table and index can collide.
 */
export function keyCollisions(entities: readonly AnyEntity[]): string[] {
  const literal = (t: string) => t.split('${')[0];
  const overlaps = (a: string, b: string) => {
    const [x, y] = [literal(a), literal(b)];
    const exact = !a.includes('${') && !b.includes('${');
    return exact ? a === b : x.startsWith(y) || y.startsWith(x);
  };
  const found: string[] = [];
  const slots = entities.flatMap((e) =>
    Object.entries(e.keys as KeysDeclaration).map(([name, t]) => ({ e, name, t: t as KeyTemplate, index: (t as KeyTemplate).index ?? 'table' })),
  );
  for (let i = 0; i < slots.length; i++) {
    for (let j = i + 1; j < slots.length; j++) {
      const [a, b] = [slots[i], slots[j]];
      if (a.e === b.e || a.e.table !== b.e.table || a.index !== b.index) continue;
      const declared = a.name === 'primary' && b.name === 'primary' && (a.e.replaces === b.e.name || b.e.replaces === a.e.name);
      if (declared) continue;
      if (overlaps(a.t.pk, b.t.pk) && overlaps(a.t.sk, b.t.sk)) found.push(`${a.e.name}.${a.name} ~ ${b.e.name}.${b.name} (${a.index})`);
    }
  }
  return found;
}
