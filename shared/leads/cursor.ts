import { badRequest } from '../errors.js';

/**
 * A list cursor must point into the list it is used on (same partition of the same index); any other
 * string is a 400, never a storage error. `expected` names the key attributes, e.g. {gsi1pk: 'PIPELINES'}.
 */
export function assertCursorOf(cursor: string | undefined, expected: Record<string, string>) {
  if (cursor === undefined) return;
  let key: Record<string, unknown> | undefined;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const ok = !!key && typeof key === 'object' && Object.entries(expected).every(([k, v]) => key![k] === v);
  if (!ok) throw badRequest(['cursor is not valid']);
}
