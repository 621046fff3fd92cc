import { payloadTooLarge, tooManyRequests } from '../errors.js';
import { limits, V1_TOO_MANY } from '../limits/limits.js';
import { tokenBucket } from '../limits/rate-limiter.js';
import type { AnyOperation } from '../registry/operation.js';
import type { RequestInfo } from '../runtime/context.js';
import type { Deps } from '../runtime/deps.js';
import { storeOutage } from '../ports/table-store.js';

/**
 * What the spec puts at the edge proxy, applied before any handler: body caps (413) and the per-address
 * burst zones (429). API Gateway also throttles the signup route; this keeps the per-address rule exact
 * and makes it hold locally.
 */
export const isSignup = (op: AnyOperation) => op.method === 'POST' && op.path === '/v1/signup';

/** The liveness probe: reporting a store that is down is its job, so a zone the store cannot count does not stop it. */
const isHealthProbe = (op: AnyOperation) => op.method === 'GET' && op.path === '/v1/health';

export function bodyCap(op: Pick<AnyOperation, 'method' | 'path' | 'maxBodyBytes'>) {
  const l = limits();
  if (op.maxBodyBytes) return op.maxBodyBytes;
  if (op.method === 'POST' && op.path === '/v1/signup') return l.signupBodyBytes;
  return op.path.startsWith('/v1/') ? l.v1BodyBytes : l.apiBodyBytes;
}

export async function enforceEdge(deps: Deps, op: AnyOperation, req: RequestInfo) {
  const cap = bodyCap(op);
  if (Buffer.byteLength(req.rawBody) > cap) throw payloadTooLarge(cap);
  const l = deps.config.limits;
  if (isSignup(op)) {
    if (l.signupEdgeRate === Infinity) return;
    const d = await tokenBucket(deps.platform, deps.clock, 'edge-signup', req.ip, l.signupEdgeRate, l.signupEdgeBurst);
    if (!d.allowed) throw tooManyRequests(null, d.retryAfterSeconds);
  } else if (op.path.startsWith('/v1/')) {
    await v1Zone(deps, req).catch((e) => {
      if (!(isHealthProbe(op) && storeOutage(e))) throw e;
    });
  }
}

/** The /v1/* per-address zone; repeated 401s anywhere draw from it too. */
export async function v1Zone(deps: Deps, req: RequestInfo) {
  const l = deps.config.limits;
  if (l.v1Rate === Infinity) return;
  const d = await tokenBucket(deps.platform, deps.clock, 'v1', req.ip, l.v1Rate, l.v1Burst);
  if (!d.allowed) throw tooManyRequests({ error: 'rate_limited', message: V1_TOO_MANY }, d.retryAfterSeconds);
}
