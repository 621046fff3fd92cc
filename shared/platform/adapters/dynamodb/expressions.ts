import type { Condition, UpdateSpec } from '../../ports/table-store.js';

/** Names (#x) and values (:vN) of one DynamoDB expression, collected while it is written. */
export type Expr = { names: Record<string, string>; values: Record<string, unknown> };

export function ph(e: Expr, name: string) {
  const key = `#${name.replace(/[^A-Za-z0-9_]/g, '_')}`;
  e.names[key] = name;
  return key;
}

export function val(e: Expr, value: unknown) {
  const key = `:v${Object.keys(e.values).length}`;
  e.values[key] = value;
  return key;
}

/** Merges a caller's raw condition (its own #names and :values) into the expression, renaming values. */
export function merge(e: Expr, c: Condition) {
  Object.assign(e.names, c.names ?? {});
  let expression = c.expression;
  for (const [k, v] of Object.entries(c.values ?? {})) {
    const fresh = val(e, v);
    expression = expression.replace(new RegExp(`${k}(?![A-Za-z0-9_])`, 'g'), fresh);
  }
  return expression;
}

export function conditionParams(c?: Condition) {
  if (!c) return {};
  const e: Expr = { names: {}, values: {} };
  const ConditionExpression = merge(e, c);
  return {
    ConditionExpression,
    ...(Object.keys(e.names).length ? { ExpressionAttributeNames: e.names } : {}),
    ...(Object.keys(e.values).length ? { ExpressionAttributeValues: e.values } : {}),
  };
}

export function updateParams(spec: UpdateSpec) {
  const e: Expr = { names: {}, values: {} };
  const sets = [
    ...Object.entries(spec.set ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${ph(e, k)} = ${val(e, v)}`),
    ...Object.entries(spec.setIfMissing ?? {}).map(([k, v]) => `${ph(e, k)} = if_not_exists(${ph(e, k)}, ${val(e, v)})`),
  ];
  const adds = Object.entries(spec.add ?? {}).map(([k, v]) => `${ph(e, k)} ${val(e, v)}`);
  const removes = [
    ...(spec.remove ?? []),
    ...Object.entries(spec.set ?? {})
      .filter(([, v]) => v === undefined)
      .map(([k]) => k),
  ].map((k) => ph(e, k));
  const parts = [
    sets.length ? `SET ${sets.join(', ')}` : '',
    adds.length ? `ADD ${adds.join(', ')}` : '',
    removes.length ? `REMOVE ${removes.join(', ')}` : '',
  ].filter(Boolean);
  const ConditionExpression = spec.condition ? merge(e, spec.condition) : undefined;
  return {
    UpdateExpression: parts.join(' '),
    ConditionExpression,
    ExpressionAttributeNames: Object.keys(e.names).length ? e.names : undefined,
    ExpressionAttributeValues: Object.keys(e.values).length ? e.values : undefined,
  };
}
