import { badRequest } from '../errors.js';

/**
 * Deepest nesting a request body may have. DynamoDB stores at most 32 levels, and a deeper value would
 * overflow the stack of the recursive JSON.stringify/zod walks (a 5,000-level array did, over MCP).
 */
export const MAX_JSON_DEPTH = 32;

/** Depth of a parsed JSON value without recursion (a scalar is 0, `[]` is 1), stopping past `max`. */
export function jsonDepthExceeds(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  let visited = 0;
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d + 1 > max) return true;
    // Bounded: a body is capped in bytes, so the number of containers is too; the count is a backstop.
    if (++visited > 1_000_000) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, d + 1]);
  }
  return false;
}

/** The one 400 for over-deep input, over HTTP and as an MCP tool error alike. */
export function assertJsonDepth(value: unknown, what = 'body') {
  if (jsonDepthExceeds(value)) throw badRequest([`${what} must not nest deeper than ${MAX_JSON_DEPTH} levels`]);
}
