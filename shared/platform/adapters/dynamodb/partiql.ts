import type { Condition, Item, Key, UpdateSpec } from '../../ports/table-store.js';

/**
 * One conditional write as a PartiQL statement for BatchExecuteStatement (each statement a write of its
 * own: 1 unit per KB, where a transaction's item costs 2). An INSERT fails with `DuplicateItem` when the
 * item exists; an UPDATE needs the item to exist and its WHERE adds the caller's condition.
 */
export interface Statement {
  Statement: string;
  Parameters: unknown[];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A DynamoDB condition expression in PartiQL: `#n` and bare names quoted, `:v` as `?` (in order), the existence functions as MISSING tests. */
function where(c: Condition, params: unknown[]) {
  const names = c.names ?? {};
  const values = c.values ?? {};
  return c.expression
    .replace(/attribute_(not_)?exists\(\s*([#\w]+)\s*\)/g, (_, not: string | undefined, n: string) => `${n} IS ${not ? '' : 'NOT '}MISSING`)
    .replace(/#\w+|:\w+|\b[A-Za-z_]\w*\b(?!\s*\()/g, (token) => {
      if (token.startsWith('#')) return quote(names[token] ?? token.slice(1));
      if (token.startsWith(':')) {
        if (!(token in values)) throw new Error(`condition value ${token} is not given`);
        params.push(values[token]);
        return '?';
      }
      return /^(AND|OR|NOT|IS|MISSING|BETWEEN|IN)$/i.test(token) ? token : quote(token);
    });
}

export function updateStatement(table: string, key: Key, spec: UpdateSpec): Statement {
  if (spec.setIfMissing && Object.keys(spec.setIfMissing).length) throw new Error('setIfMissing has no PartiQL form here');
  const params: unknown[] = [];
  const clauses: string[] = [];
  for (const [k, v] of Object.entries(spec.set ?? {}))
    if (v === undefined) clauses.push(`REMOVE ${quote(k)}`);
    else (clauses.push(`SET ${quote(k)} = ?`), params.push(v));
  // ADD as arithmetic: the attribute must exist (an UPDATE never creates an item, so its fields are known).
  for (const [k, v] of Object.entries(spec.add ?? {})) (clauses.push(`SET ${quote(k)} = ${quote(k)} + ?`), params.push(v));
  for (const k of spec.remove ?? []) clauses.push(`REMOVE ${quote(k)}`);
  params.push(key.pk, key.sk);
  const condition = spec.condition ? ` AND (${where(spec.condition, params)})` : '';
  return { Statement: `UPDATE ${quote(table)} ${clauses.join(' ')} WHERE "pk" = ? AND "sk" = ?${condition}`, Parameters: params };
}

export function insertStatement(table: string, item: Item): Statement {
  const entries = Object.entries(item).filter(([, v]) => v !== undefined);
  return {
    Statement: `INSERT INTO ${quote(table)} VALUE {${entries.map(([k]) => `'${k.replace(/'/g, "''")}': ?`).join(', ')}}`,
    Parameters: entries.map(([, v]) => v),
  };
}
