import type * as z from 'zod';

/**
 * Output schemas are checked against their handlers at compile time: an operation does not compile
 * when its handler answers a field its `output` does not name, a field of a type the schema refuses,
 * or leaves out a field the schema requires; defineOperation names the field paths in the error.
 * Entity outputs (`Entity.output`, shared/platform/data/entity.ts) are the complete contract of an entity;
 * compose them (`Lead.output.extend({...})`).
 * There is no opt-out: every operation's output is checked.
 */
declare const checked: unique symbol;
export type CheckedOutput<O extends z.ZodType = z.ZodType> = O & { readonly [checked]: true };

/** Marks an output schema as the complete contract of the operations that answer with it (a type brand; the schema is unchanged; every output is checked, so this only names the intent). */
export const checkedOutput = <O extends z.ZodType>(schema: O): CheckedOutput<O> => schema as CheckedOutput<O>;

/** Property names of T without its index signatures (a loose object's `[k: string]: unknown`). */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : symbol extends K ? never : K]: T[K] };
type AllKnownKeys<S> = S extends unknown ? KnownKeys<S> : never;
type RequiredKnownKeys<S> = S extends unknown ? { [K in KnownKeys<S>]-?: undefined extends S[K] ? never : K }[KnownKeys<S>] : never;
type PropOf<S, K> = S extends unknown ? (K extends keyof S ? S[K] : never) : never;
type AnyArray = readonly unknown[];
type Here<Path extends string> = Path extends '' ? '(the answer itself)' : Path;
type Field<Path extends string, K extends string> = Path extends '' ? K : `${Path}.${K}`;

/**
 * The paths where a value of type R does not fit the type S (a schema's input): fields S does not
 * name, fields of another type, and required fields R leaves out (`never` when R fits). `unknown` and
 * records (no named fields) take anything; an index signature of R (a loose type) names no field.
 */
export type Misfits<R, S, Path extends string = ''> = 0 extends 1 & R
  ? never
  : unknown extends S
    ? never
    : R extends AnyArray
      ? [Extract<S, AnyArray>] extends [never]
        ? Here<Path>
        : Misfits<R[number], Extract<S, AnyArray>[number], `${Path}[]`>
      : R extends object
        ? ObjectMisfits<R, Exclude<Extract<S, object>, AnyArray>, Path>
        : [R] extends [S]
          ? never
          : Here<Path>;
type ObjectMisfits<R, S, Path extends string> = [S] extends [never]
  ? Here<Path>
  : [AllKnownKeys<S>] extends [never]
    ? never
    : FieldMisfits<R, S, Path> | MissingFields<R, S, Path>;
type FieldMisfits<R, S, Path extends string> = {
  [K in KnownKeys<R> & string]-?: K extends AllKnownKeys<S> ? Misfits<R[K], PropOf<S, K>, Field<Path, K>> : Field<Path, K>;
}[KnownKeys<R> & string];
type MissingFields<R, S, Path extends string> =
  Exclude<RequiredKnownKeys<S> & string, keyof R> extends infer M extends string ? `${Field<Path, M>} (missing)` : never;

/**
 * What defineOperation intersects its definition with: nothing, or an `output` type that the schema
 * cannot meet and whose one property names the misfits, so the compiler reports them at `output:`.
 * R is unknown until the handler has been typed (it is context-sensitive); nothing is checked then.
 */
export type OutputCheck<R, O> = unknown extends R
  ? unknown
  : [O] extends [z.ZodType]
    ? [Misfits<R, z.input<O>>] extends [never]
      ? unknown
      : { output: { 'does not fit what the handler answers, at': Misfits<R, z.input<O>> } }
    : unknown;
