import { internalError } from '../errors.js';
import type { Key, TableStore, TxOp, Item } from '../ports/table-store.js';
import { operationResources, type AnyOperation } from '../registry/operation.js';
import type { Deps } from '../runtime/deps.js';

/** Rate-limit counters (shared/platform/limits/rate-limiter.ts): the pipeline's own writes, granted to every Lambda by key condition. */
export const RATE_COUNTER_PREFIX = 'RATE#';

/**
 * Whether the pipeline may write rate counters for an operation: the /v1/* zone (and signup's edge
 * bucket) at the edge, and the 401 zone for any operation that authenticates. Those Lambdas get write
 * on the counter partitions only (infra/aws/grants.ts).
 */
export const countsRequests = (op: Pick<AnyOperation, 'access' | 'path'>) => op.access !== 'public' || op.path.startsWith('/v1/');

/**
 * Test-only contract check (config `contractChecks`): the deps an operation's handler sees, wrapped
 * so that a write to the platform table without `platformTable:write`, a message to a queue without
 * `queue:<name>`, or a call of a callable function without `function:<name>`, is recorded. IAM is derived from `resources`, so such a write would be AccessDenied
 * in AWS (a lost outbox nudge, silently); the pipeline turns any recorded violation into a loud 500.
 */
export function guardedDeps(deps: Deps, op: AnyOperation): { deps: Deps; violations: string[] } {
  const granted = new Set(operationResources(op));
  const violations: string[] = [];
  const platformWrite = (keys: Key[]) => {
    if (granted.has('platformTable:write')) return;
    const bad = keys.find((k) => !(countsRequests(op) && String(k.pk).startsWith(RATE_COUNTER_PREFIX)));
    if (bad) violations.push(`writes the platform table (${String(bad.pk).split('#')[0]}#…) without declaring platformTable:write`);
  };
  const keyOf = (i: Item | Key) => ({ pk: String(i.pk), sk: String(i.sk) });
  const txKey = (t: TxOp) => keyOf('put' in t ? t.put : 'update' in t ? t.update : 'delete' in t ? t.delete : t.check);
  const p = deps.platform;
  const platform: TableStore = {
    tableName: p.tableName,
    cursors: p.cursors,
    get: (k) => p.get(k),
    query: (s) => p.query(s),
    scan: (s) => p.scan(s),
    batchGet: (k, o) => p.batchGet(k, o),
    put: (item, c) => (platformWrite([keyOf(item)]), p.put(item, c)),
    update: (k, s) => (platformWrite([k]), p.update(k, s)),
    delete: (k, c) => (platformWrite([k]), p.delete(k, c)),
    batchPut: (items) => (platformWrite(items.map(keyOf)), p.batchPut(items)),
    transact: (ops) => (platformWrite(ops.filter((t) => !('check' in t)).map(txKey)), p.transact(ops)),
    writeEach: (ops) => (platformWrite(ops.map((o) => keyOf('insert' in o ? o.insert : o.update))), p.writeEach(ops)),
  };
  const q = deps.queue;
  const queue = q && {
    send: (name: string, body: unknown, options?: { delaySeconds?: number; dedupeId?: string }) => {
      if (!granted.has(`queue:${name}`)) violations.push(`sends to queue ${name} without declaring queue:${name}`);
      return q.send(name, body, options);
    },
  };
  const c = deps.callables;
  const callables = c && {
    call: (name: string, request: unknown) => {
      if (!granted.has(`function:${name}`)) violations.push(`calls function ${name} without declaring function:${name}`);
      return c.call(name, request);
    },
  };
  return { deps: { ...deps, platform, ...(queue ? { queue } : {}), ...(callables ? { callables } : {}) }, violations };
}

/** The pipeline's verdict after the handler ran (loud, test-only: the message says what to declare). */
export function assertDeclared(op: AnyOperation, violations: string[]) {
  if (!violations.length) return;
  const unique = [...new Set(violations)];
  process.stderr.write(`[resources contract] ${op.operationId} ${unique.join('; ')} (add it to the operation's resources)\n`);
  throw internalError({ issues: unique }, {}, `${op.operationId} uses undeclared resources`);
}
