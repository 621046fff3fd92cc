import * as z from 'zod';
import { checkedOutput, type CheckedOutput } from '../registry/output-check.js';
import type { Item } from '../ports/table-store.js';

/**
 * An entity's declared attributes (ElectroDB's `attributes`), each a zod schema, and what they give:
 * the item type, the schema a stored item parses with, the answered schema (less the `internal`
 * ones) and the view that turns a stored item into that answer. defineEntity (entity.ts) uses these.
 */

export type Shape = z.ZodRawShape;
export type NoAttributes = Record<never, never>;
/** What an entity stores besides its keys and stamps (all declared attributes). */
type AttributeTypes<A extends Shape> = z.infer<z.ZodObject<A>>;
/** Attributes a read fills in when an item lacks them (nullable ones, and those with a default): a stored item may lack them. */
type Fillable<A extends Shape, D extends string> = (D & keyof A) | { [P in keyof A]: null extends z.infer<A[P]> ? P : never }[keyof A];
type Flat<T> = { [P in keyof T]: T[P] } & {};
export type ItemType<A extends Shape, D extends string> = Flat<
  Omit<AttributeTypes<A>, Fillable<A, D>> & Partial<Pick<AttributeTypes<A>, Fillable<A, D> & keyof AttributeTypes<A>>>
>;
export type OutputShape<A extends Shape, H extends keyof A> = Omit<A, H>;
type Answered<A extends Shape, H extends keyof A> = z.infer<z.ZodObject<OutputShape<A, H>>>;
/** A view's type: the answered attributes, those with a default always present. */
export type OutputType<A extends Shape, H extends keyof A, D extends string> = Flat<
  Omit<Answered<A, H>, D> & { [P in D & keyof Answered<A, H>]-?: Exclude<Answered<A, H>[P], undefined> }
>;

/**
 * The schemas and the view one entity's attributes give (`label` names the entity in errors), built at
 * their first use rather than when the entity is declared: a function imports the entities of every
 * domain module it touches (18 to 35 in a bundle) and answers with a few (none to 5 at a cold start),
 * and each entity's two object schemas cost a zod parse per attribute (to find the nullable ones).
 * The declaration itself is still checked at once.
 */
export function attributeContract<A extends Shape, H extends keyof A & string, D extends string>(
  label: string,
  attributes: A,
  internalNames: readonly H[],
  defaults: Record<string, unknown>,
) {
  const internal = new Set<string>(internalNames);
  for (const h of internal) if (!(h in attributes)) throw new Error(`${label}: internal attribute ${h} is not declared`);
  const build = () => {
    const outputShape = Object.fromEntries(Object.entries(attributes).filter(([n]) => !internal.has(n))) as OutputShape<A, H>;
    const fillable = new Set(Object.entries(attributes).flatMap(([n, s]) => (n in defaults || (s as z.ZodType).safeParse(null).success ? [n] : [])));
    // Per answered attribute, what a stored item that lacks it reads as (undefined: left absent).
    const absent = Object.keys(outputShape).map((n) => [n, n in defaults ? defaults[n] : fillable.has(n) ? null : undefined] as const);
    return {
      schema: z.looseObject(
        Object.fromEntries(Object.entries(attributes).map(([n, s]) => [n, fillable.has(n) ? (s as z.ZodType).optional() : s])),
      ) as unknown as z.ZodType<ItemType<A, D>>,
      output: checkedOutput(z.looseObject(outputShape)) as CheckedOutput<z.ZodObject<OutputShape<A, H>, z.core.$loose>>,
      view: (item: Item) => {
        const out: Record<string, unknown> = {};
        for (const [n, ifAbsent] of absent) {
          const v = item[n] ?? ifAbsent;
          if (v !== undefined) out[n] = v;
        }
        return out as OutputType<A, H, D>;
      },
    };
  };
  let built: ReturnType<typeof build> | undefined;
  return () => (built ??= build());
}
