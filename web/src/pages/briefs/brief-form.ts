/**
 * A brief's schema-driven form, as pure functions: the JSON Schema the API publishes
 * (BriefsController_getSchemas) becomes fields, the form's values become the document, and the
 * document's difference from the saved one becomes an RFC 7396 merge patch.
 */

export interface JsonSchema {
  type?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: string[];
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
}

export type Json = string | number | boolean | null | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

/** One node of the form: a group (an object of the schema) or a leaf field. */
export type FormNode =
  | { kind: 'group'; path: string[]; label: string; description?: string; children: FormNode[] }
  | { kind: 'text' | 'longtext' | 'list' | 'choice'; path: string[]; label: string; description?: string; options?: string[]; maxLength?: number };

const ACRONYMS: Record<string, string> = { icp: 'ICP (ideal customer profile)' };

/** `valueProposition` → `Value proposition`. */
export const humanize = (key: string) => {
  if (ACRONYMS[key]) return ACRONYMS[key];
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The form's nodes for an object schema; `path` is where it sits in the brief (e.g. ['content']). */
export function formNodes(schema: JsonSchema, path: string[]): FormNode[] {
  return Object.entries(schema.properties ?? {}).map(([key, s]): FormNode => {
    const at = [...path, key];
    const base = { path: at, label: humanize(key), ...(s.description ? { description: s.description } : {}) };
    if (s.type === 'object' && s.properties) return { kind: 'group', ...base, children: formNodes(s, at) };
    if (s.type === 'array') return { kind: 'list', ...base };
    if (s.enum) return { kind: 'choice', ...base, options: s.enum };
    return { kind: (s.maxLength ?? 0) > 500 ? 'longtext' : 'text', ...base, ...(s.maxLength ? { maxLength: s.maxLength } : {}) };
  });
}

/** A field's input name: its dotted path, as the API's 400 messages name it (`content.product.name`). */
export const fieldName = (path: string[]) => path.join('.');
/** A field's JSON Pointer, as locks name it (`/content/product/name`). */
export const pointer = (path: string[]) => `/${path.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

export const leaves = (nodes: FormNode[]): Exclude<FormNode, { kind: 'group' }>[] => nodes.flatMap((n) => (n.kind === 'group' ? leaves(n.children) : [n]));

export const valueAt = (doc: Json | undefined, path: string[]): Json | undefined =>
  path.reduce<Json | undefined>((v, k) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v[k] : undefined), doc);

/** What a field shows for a value: a list one item per line, anything else as text. */
export const fieldText = (v: Json | undefined) => (Array.isArray(v) ? v.join('\n') : v === undefined || v === null ? '' : String(v));

/**
 * The document the form's values describe (`values` by field name, paths starting after `root`): an
 * empty field is no value, a list is its non-empty lines.
 */
export function documentFrom(nodes: FormNode[], values: Record<string, string>, root: number): JsonObject {
  const doc: JsonObject = {};
  for (const leaf of leaves(nodes)) {
    const raw = values[fieldName(leaf.path)] ?? '';
    const value: Json | undefined =
      leaf.kind === 'list'
        ? (() => {
            const items = raw
              .split('\n')
              .map((l) => l.trim())
              .filter(Boolean);
            return items.length ? items : undefined;
          })()
        : raw.trim() === ''
          ? undefined
          : raw;
    if (value === undefined) continue;
    let at = doc;
    const path = leaf.path.slice(root);
    for (const key of path.slice(0, -1)) at = (at[key] ??= {}) as JsonObject;
    at[path[path.length - 1]] = value;
  }
  return doc;
}

const isObject = (v: Json | undefined): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);
const same = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The RFC 7396 merge patch from `before` to `after`: changed values replace, removed ones are null,
 * objects recurse. `{}` when nothing changed.
 */
export function mergePatch(before: JsonObject, after: JsonObject): JsonObject {
  const patch: JsonObject = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key];
    const b = after[key];
    if (b === undefined) {
      if (a !== undefined) patch[key] = null;
    } else if (isObject(a) && isObject(b)) {
      const inner = mergePatch(a, b);
      if (Object.keys(inner).length) patch[key] = inner;
    } else if (!same(a, b)) patch[key] = b;
  }
  return patch;
}

/** The lock that covers `path` (itself or an ancestor), if any. */
export const lockOf = (path: string[], locks: readonly string[]) => {
  const p = pointer(path);
  return locks.find((l) => p === l || p.startsWith(`${l}/`));
};

/**
 * A 400 of a brief edit lists `content.icp.industries.0: …`: each message goes to the deepest field
 * whose name starts its path; the rest stay above the form.
 */
export function placeErrors(messages: readonly string[], fields: readonly string[]) {
  const byField: Record<string, string[]> = {};
  const form: string[] = [];
  for (const m of messages) {
    const path = /^([\w.$-]+):\s/.exec(m)?.[1];
    const field = path && [...fields].sort((a, b) => b.length - a.length).find((f) => path === f || path.startsWith(`${f}.`));
    if (field) (byField[field] ??= []).push(m);
    else form.push(m);
  }
  return { byField, form };
}

/**
 * Variables are a flat map of names to text, numbers or booleans. Edited as text, a value keeps the
 * type it had when the text still reads as one (`3` stays a number, `true` a boolean).
 */
export function variableValue(text: string, before: Json | undefined): Json {
  if (typeof before === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (typeof before === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}
