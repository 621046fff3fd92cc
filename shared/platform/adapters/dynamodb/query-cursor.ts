import { badRequest } from '../../errors.js';
import type { CursorSealer, QuerySpec } from '../../ports/table-store.js';

/**
 * What a cursor is bound to: the table (so the tenant), the index, the partition and the query's
 * prefix and direction. Moving bounds (`skLessThan: now`) are left out on purpose; the range check
 * below still holds the key inside them.
 */
export const cursorScope = (tableName: string, spec: QuerySpec) =>
  JSON.stringify([tableName, spec.index ?? '', spec.pk, spec.skBeginsWith ?? null, Boolean(spec.descending)]);

/** The cursor's key must be signed for this query and lie inside its key condition (DynamoDB refuses one outside it). */
export function cursorWithin(cursors: CursorSealer, tableName: string, spec: QuerySpec, pkName: string, skName: string) {
  const key = decodeCursor(cursors.open(cursorScope(tableName, spec), spec.cursor!), pkName, spec.pk);
  const sk = key[skName];
  const inside =
    typeof sk === 'string' &&
    (spec.skBeginsWith === undefined || sk.startsWith(spec.skBeginsWith)) &&
    (spec.skBetween === undefined || (sk >= spec.skBetween[0] && sk <= spec.skBetween[1])) &&
    (spec.skGreaterThan === undefined || sk > spec.skGreaterThan) &&
    (spec.skLessThan === undefined || sk < spec.skLessThan);
  if (!inside) throw badRequest(['cursor is not valid']);
  return key;
}

/**
 * A cursor is only valid for the partition it came from: one from another list (or forged) is a
 * client error here, not an invalid ExclusiveStartKey inside DynamoDB.
 */
export function decodeCursor(opened: unknown, pkName = 'pk', expectedPk?: string): Record<string, unknown> {
  const parsed = opened as Record<string, unknown>;
  const valid =
    parsed &&
    typeof parsed === 'object' &&
    !Array.isArray(parsed) &&
    typeof parsed.pk === 'string' &&
    typeof parsed.sk === 'string' &&
    (expectedPk === undefined || parsed[pkName] === expectedPk) &&
    Object.values(parsed).every((v) => typeof v === 'string' && v !== '');
  if (!valid) throw badRequest(['cursor is not valid']);
  return parsed;
}
