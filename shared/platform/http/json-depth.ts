import { badRequest } from '../errors.js';

/**
 * Deepest nesting a request body may have. DynamoDB stores at most 32 levels, and a deeper value would
 * overflow the stack of the recursive JSON.stringify/zod walks (a 5,000-level array did, over MCP).
 */
export const MAX_JSON_DEPTH = 32;

/**
 * DynamoDB stores numbers of magnitude 1e-130 to 9.99e125 (38 significant digits): a JSON body may
 * carry 1e300, which would pass validation and then fail the write with a 500.
 */
const MAX_STORABLE = 9.9e125;
const MIN_STORABLE = 1e-130;
const storable = (n: number) => n === 0 || (Math.abs(n) < MAX_STORABLE && Math.abs(n) > MIN_STORABLE);

/** What makes a parsed JSON value unstorable, walked without recursion: nesting past `max`, or a number out of range. */
export function jsonProblem(value: unknown, max = MAX_JSON_DEPTH): 'depth' | 'number' | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  let visited = 0;
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v === 'number' && !storable(v)) return 'number';
    if (v === null || typeof v !== 'object') continue;
    if (d + 1 > max) return 'depth';
    // Bounded: a body is capped in bytes, so the number of values is too; the count is a backstop.
    if (++visited > 1_000_000) return 'depth';
    for (const child of Array.isArray(v) ? v : Object.values(v))
      if (typeof child === 'number' || (child !== null && typeof child === 'object')) stack.push([child, d + 1]);
  }
  return undefined;
}

/** The one 400 for input that cannot be stored (over-deep, or a number out of range), over HTTP and as an MCP tool error alike. */
export function assertStorableJson(value: unknown, what = 'body') {
  const problem = jsonProblem(value);
  if (problem === 'depth') throw badRequest([`${what} must not nest deeper than ${MAX_JSON_DEPTH} levels`]);
  if (problem === 'number') throw badRequest([`${what} numbers must be 0 or between 1e-130 and 9.9e125 in magnitude`]);
}
