import { badRequest } from '../errors.js';

/**
 * Key templates (ElectroDB's `indexes`): `pk`/`sk` strings with `${composite}` placeholders, filled
 * from composite values into keys and query prefixes, and checked across entities for collisions.
 * defineEntity (entity.ts) builds an entity's keys with these.
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
export type ItemComposites<K extends KeysDeclaration> = Partial<Record<AllComposites<K>, Composite>> & Composites<K, 'primary'>;

const PLACEHOLDER = /\$\{([A-Za-z0-9_]+)\}/g;

/** The 400 body names the field; the error message (logs, tests) also names the entity. */
const keyError = (problem: string, label: string) => Object.assign(badRequest([problem]), { message: `${label}: composite ${problem}` });

export function fill(template: string, c: Record<string, unknown>, label: string, free: readonly string[] = []): string {
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
export function prefix(template: string, c: Record<string, unknown>): string {
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

export const placeholders = (t: string) => [...t.matchAll(PLACEHOLDER)].map((m) => m[1]);
export const attrNames = (index?: IndexName) => (index ? { pk: `${index}pk`, sk: `${index}sk` } : { pk: 'pk', sk: 'sk' });

/**
 * Free-text composites (they may contain `#`) must each be the last placeholder of every template that
 * uses them, so a key still splits into its composites in one way only.
 */
export function checkFreeText(keys: KeysDeclaration, free: readonly string[], label: string) {
  for (const t of Object.values(keys) as KeyTemplate[]) {
    for (const tpl of [t.pk, t.sk]) {
      if (
        placeholders(tpl)
          .slice(0, -1)
          .some((p) => free.includes(p))
      )
        throw new Error(`${label}: free-text composite must be the last placeholder of ${tpl}`);
    }
  }
}

/** True when every placeholder of the template pair has a value (an index whose composites are all present). */
export const hasAllComposites = (t: { pk: string; sk: string }, c: Record<string, unknown>) =>
  [...placeholders(t.pk), ...placeholders(t.sk)].every((p) => c[p] !== undefined && c[p] !== null && c[p] !== '');

/** What the collision check reads of an entity. */
export interface KeyedEntity {
  readonly name: string;
  readonly table: 'tenant' | 'platform';
  readonly keys: KeysDeclaration;
  readonly replaces?: string;
}

/**
 * Two templates can produce the same key when their literal prefixes overlap (one is a prefix of the
 * other). Returns the pairs of entities whose keys on the same table and index can collide.
 */
export function keyCollisions(entities: readonly KeyedEntity[]): string[] {
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
