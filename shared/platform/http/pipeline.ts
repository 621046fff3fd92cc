import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { badRequest, internalError, isAppError, notFound, objectTooLarge, storeUnavailable } from '../errors.js';
import { ItemTooLarge, storeOutage } from '../ports/table-store.js';
import { bindLogScope, log, withLogScope } from '../runtime/logger.js';
import { HttpResult, type AnyOperation, type Input } from '../registry/operation.js';
import type { OperationContext, RequestInfo } from '../runtime/context.js';
import type { Deps } from '../runtime/deps.js';
import type { Principal } from '../runtime/principal.js';
import { authorize } from '../registry/access.js';
import { withIdempotency } from '../idempotency/idempotency.js';
import { enforceEdge, v1Zone } from './edge.js';
import { refuseForeignCookieWrite } from './cookie-origin.js';
import { assertStorableJson } from './json-depth.js';
import { requestFromEvent } from './request.js';
import { parseOrThrow } from './validation.js';
import { checkOutput } from './output-contract.js';
import { assertDeclared, guardedDeps } from './resource-guard.js';

/** Outcome of one operation call, before it is written as HTTP or wrapped as an MCP tool result. */
export interface OperationOutcome {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  cookies: string[];
  /** The successful handler result, for guidance. */
  result?: unknown;
  input?: Input<any>;
}

/**
 * The one execution path: HTTP (Lambda or local server) and MCP tools both come through here.
 * edge caps and zones → cookie origin → authentication → access and scope → tenant → validation → handler.
 */
export async function executeOperation(
  deps: Deps,
  op: AnyOperation,
  event: APIGatewayProxyEventV2,
  channel: RequestInfo['channel'] = 'http',
): Promise<OperationOutcome> {
  const request = requestFromEvent(event, deps.config, channel);
  // Every log line of this request, from any module, carries these (and the tenant once resolved), at the deps' level.
  const fields = { requestId: request.requestId, operationId: op.operationId, channel };
  return withLogScope({ level: deps.config.logLevel, fields }, () => execute(deps, op, event, request));
}

async function execute(deps: Deps, op: AnyOperation, event: APIGatewayProxyEventV2, request: RequestInfo): Promise<OperationOutcome> {
  try {
    if (op.localOnly && deps.config.mode !== 'local') throw notFound('Route');
    await enforceEdge(deps, op, request);
    // MCP tool calls were checked once for their MCP request (shared/platform/mcp/handler.ts).
    if (request.channel === 'http') refuseForeignCookieWrite(deps.config, request);
    const guard = deps.config.contractChecks ? guardedDeps(deps, op) : undefined;
    const ctx: OperationContext = { deps: guard?.deps ?? deps, request, log };
    if (op.access !== 'public') ctx.principal = await authenticateCounted(deps, request);
    authorize(op, ctx.principal);
    if (op.access === 'tenant') {
      ctx.tenant = await deps.access.resolveTenant(deps, ctx.principal!, request.headers['x-tenant-id'] ?? linkTenant(op, event));
      bindLogScope({ tenantId: ctx.tenant.tenantId });
    }
    const input = parseInput(op, event, request);
    // Idempotency-Key (POST/PATCH of /api/* and /v1/messages): at most one run per key, replayed after.
    const outcome = await withIdempotency(ctx, op, input, async () => {
      const result = await op.handler(input, ctx);
      if (result instanceof HttpResult)
        return { status: result.status, body: result.body, headers: result.headers, cookies: result.cookies, result: result.body, input };
      return { status: op.successStatus ?? 200, body: result, headers: {}, cookies: [], result, input };
    });
    if (guard) (assertDeclared(op, guard.violations), checkOutput(op, outcome));
    return outcome;
  } catch (err) {
    return errorOutcome(err, op, request);
  }
}

/**
 * A download the browser follows as a plain link cannot send X-Tenant-Id: a GET operation that
 * declares a `workspace` query parameter takes the tenant from it (MCP calls pass `tenant_id` as usual).
 * Membership is checked the same way; the header wins when both are sent.
 */
function linkTenant(op: AnyOperation, event: APIGatewayProxyEventV2): string | undefined {
  if (op.method !== 'GET' || !op.input.query?.shape.workspace) return undefined;
  return event.queryStringParameters?.workspace;
}

export async function runOperation(deps: Deps, op: AnyOperation, event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  return toHttp(await executeOperation(deps, op, event));
}

async function authenticateCounted(deps: Deps, request: RequestInfo): Promise<Principal> {
  try {
    return await deps.access.authenticate(deps, request);
  } catch (e) {
    // Repeated 401s share the /v1/* zone; /v1/* calls already drew their token at the edge.
    if (!request.path.startsWith('/v1/')) await v1Zone(deps, request);
    throw e;
  }
}

function parseInput(op: AnyOperation, event: APIGatewayProxyEventV2, request: RequestInfo): Input<any> {
  const path = op.input.path ? parseOrThrow(op.input.path, event.pathParameters ?? {}) : {};
  const query = op.input.query ? parseOrThrow(op.input.query, event.queryStringParameters ?? {}) : {};
  let body: unknown = {};
  if (op.rawBody) body = request.rawBody;
  else if (op.input.body) {
    let json: unknown = {};
    if (request.rawBody.trim() !== '') {
      try {
        json = JSON.parse(request.rawBody);
      } catch {
        throw badRequest(['body must be valid JSON']);
      }
    }
    assertStorableJson(json);
    body = parseOrThrow(op.input.body, json);
  }
  return { path, query, body } as Input<any>;
}

function errorOutcome(err: unknown, op: AnyOperation, request: RequestInfo): OperationOutcome {
  if (isAppError(err)) return { status: err.status, body: err.body, headers: err.headers, cookies: [] };
  if (err instanceof ItemTooLarge) {
    const e = objectTooLarge();
    return { status: e.status, body: e.body, headers: {}, cookies: [] };
  }
  const outage = storeOutageOutcome(err);
  if (outage) return outage;
  log.error('unhandled error', { error: (err as Error)?.name, message: (err as Error)?.message }); // requestId, operationId: the log scope
  const e = internalError({ requestId: request.requestId }, { cause: err });
  return { status: e.status, body: e.body, headers: {}, cookies: [] };
}

/**
 * The answer while the store cannot answer (StoreUnavailable, also as the cause of another error):
 * 503 with Retry-After, never a 500. Used by every entry that reaches the store (pipeline, MCP, local server).
 */
export function storeOutageOutcome(err: unknown): OperationOutcome | undefined {
  const outage = storeOutage(err);
  if (!outage) return undefined;
  logOutage(outage.reason, (outage.cause as Error | undefined)?.message ?? outage.message);
  const e = storeUnavailable(outage.reason, outage.retryAfterSeconds);
  return { status: e.status, body: e.body, headers: e.headers, cookies: [] };
}

/** One warning per 5 s of an outage (a client retrying in a loop would otherwise write a line per request), with the count in between. */
const outageLog = { at: 0, answered: 0 };
function logOutage(reason: string, message: string) {
  outageLog.answered++;
  const now = Date.now();
  if (now - outageLog.at < 5000) return;
  log.warn('store unavailable: answered 503', { reason, message, answered: outageLog.answered });
  outageLog.at = now;
  outageLog.answered = 0;
}

const BASE_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

export function toHttp(o: OperationOutcome): APIGatewayProxyStructuredResultV2 {
  const headers: Record<string, string> = { ...BASE_HEADERS, ...o.headers };
  let body: string | undefined;
  if (o.body === null || o.body === undefined) body = undefined;
  // Binary bodies (the open-tracking pixel) travel base64-encoded, as API Gateway expects.
  else if (Buffer.isBuffer(o.body) && headers['content-type']) return { statusCode: o.status, headers, body: o.body.toString('base64'), isBase64Encoded: true };
  else if (typeof o.body === 'string' && headers['content-type']) body = o.body;
  else {
    headers['content-type'] = 'application/json; charset=utf-8';
    body = JSON.stringify(o.body);
  }
  denyFraming(headers);
  return { statusCode: o.status, headers, body, cookies: o.cookies.length ? o.cookies : undefined };
}

/**
 * Every HTML answer refuses to be framed, whatever page it is (the unsubscribe button, signup links,
 * the console): a framing page could overlay it and make a visitor press its button (clickjacking).
 * CSP `frame-ancestors` for current browsers, `X-Frame-Options` for the others.
 */
function denyFraming(headers: Record<string, string>) {
  if (!/^text\/html/i.test(headers['content-type'] ?? '')) return;
  headers['x-frame-options'] ??= 'DENY';
  const csp = headers['content-security-policy'];
  if (!csp) headers['content-security-policy'] = "frame-ancestors 'none'";
  else if (!/frame-ancestors/i.test(csp)) headers['content-security-policy'] = `${csp}; frame-ancestors 'none'`;
}
