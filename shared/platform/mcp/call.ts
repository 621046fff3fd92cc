import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { defaultGuidance, errorGuidance } from '../agent/guidance.js';
import { badRequest } from '../errors.js';
import { executeOperation, type OperationOutcome } from '../http/pipeline.js';
import { assertStorableJson } from '../http/json-depth.js';
import type { AnyOperation, ExpertGuidance } from '../registry/operation.js';
import type { Deps } from '../runtime/deps.js';
import { IDEMPOTENCY_HEADER } from '../idempotency/idempotency.js';
import { BODY_ARG, IDEMPOTENCY_ARG, TENANT_ARG, argumentNames, isMcpTool, toolName } from './tools.js';
import type { OperationSummary } from './catalog.js';

/** Headers of the MCP request that belong to the MCP transport, not to the operation. */
const TRANSPORT_HEADERS = new Set([
  'content-length',
  'content-type',
  'accept',
  'accept-encoding',
  'connection',
  'transfer-encoding',
  'host',
  'x-service-guidance',
  'x-service-toolsets',
  'cookie',
]);

/**
 * Builds the API Gateway v2 event of one tool call: the operation's method and path (parameters
 * substituted), query string, JSON body, and the MCP request's credentials, tenant and client address.
 * Unknown arguments are refused with the same 400 an unknown body property gets.
 */
export function toolCallEvent(op: AnyOperation, args: Record<string, unknown>, mcp: APIGatewayProxyEventV2): APIGatewayProxyEventV2 {
  const names = argumentNames(op);
  const unknown = Object.keys(args).filter(
    (k) =>
      !names.path.includes(k) &&
      !names.query.includes(k) &&
      !(k === BODY_ARG && names.body) &&
      k !== TENANT_ARG &&
      !(k === IDEMPOTENCY_ARG && names.idempotencyKey),
  );
  if (unknown.length) throw badRequest(unknown.map((k) => `property ${k} should not exist`));
  // Before anything serialises the arguments: the same 400 as an over-deep HTTP body, not a stack overflow.
  for (const v of Object.values(args)) assertStorableJson(v);

  const pathParameters: Record<string, string> = {};
  const rawPath = op.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, name: string) => {
    const v = args[name];
    if (v === undefined || v === null) return '';
    pathParameters[name] = String(v);
    return encodeURIComponent(String(v));
  });
  const query: Record<string, string> = {};
  for (const k of names.query) {
    const v = args[k];
    if (v === undefined || v === null) continue;
    query[k] = Array.isArray(v) ? v.map(String).join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(mcp.headers ?? {}))
    if (v !== undefined && !TRANSPORT_HEADERS.has(k.toLowerCase()) && !k.toLowerCase().startsWith('mcp-')) headers[k.toLowerCase()] = v;
  if (typeof args[TENANT_ARG] === 'string') headers['x-tenant-id'] = args[TENANT_ARG] as string;
  // The key belongs to one tool call (a batched MCP request may carry several), never to the MCP request.
  delete headers[IDEMPOTENCY_HEADER];
  if (names.idempotencyKey && args[IDEMPOTENCY_ARG] !== undefined) headers[IDEMPOTENCY_HEADER] = String(args[IDEMPOTENCY_ARG]);
  const bodyArg = args[BODY_ARG];
  const body = bodyArg === undefined ? undefined : typeof bodyArg === 'string' && op.rawBody ? bodyArg : JSON.stringify(bodyArg);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const routeKey = `${op.method} ${op.path}`;
  const now = Date.now();
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: new URLSearchParams(query).toString(),
    cookies:
      mcp.cookies ??
      (mcp.headers?.cookie
        ? mcp.headers.cookie
            .split(';')
            .map((c) => c.trim())
            .filter(Boolean)
        : undefined),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      ...mcp.requestContext,
      http: { ...mcp.requestContext.http, method: op.method, path: rawPath },
      requestId: randomUUID(),
      routeKey,
      time: new Date(now).toISOString(),
      timeEpoch: now,
    },
    body,
    isBase64Encoded: false,
  };
}

export interface ToolResult {
  [k: string]: unknown;
  content: { type: 'text'; text: string }[];
  /** Success only (errors carry their body as text). */
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta: Record<string, unknown>;
}

/** Runs one tool call through the one execution path and shapes the MCP result. */
export async function callTool(
  deps: Deps,
  operations: readonly OperationSummary[],
  op: AnyOperation,
  args: Record<string, unknown>,
  mcp: APIGatewayProxyEventV2,
  opts: { guidance: boolean },
): Promise<ToolResult> {
  let outcome: OperationOutcome;
  try {
    outcome = await executeOperation(deps, op, toolCallEvent(op, args, mcp), 'mcp');
  } catch (e) {
    const err = e as { status?: number; body?: Record<string, unknown>; headers?: Record<string, string> };
    if (!err.status) throw e;
    outcome = { status: err.status, body: err.body, headers: err.headers ?? {}, cookies: [] };
  }
  return toToolResult(operations, op, outcome, opts);
}

/**
 * The HTTP body as structuredContent and as text, plus `_expert` unless suppressed. Errors are
 * `isError: true` with the body (and `_expert`) as text only: the SDK client validates any
 * structuredContent against the tool's outputSchema, error or not, and an error body is not the
 * success shape; the spec lets an error result go without structuredContent.
 */
export function toToolResult(operations: readonly OperationSummary[], op: AnyOperation, o: OperationOutcome, opts: { guidance: boolean }): ToolResult {
  const isError = o.status >= 400;
  const body = o.body;
  const structured: Record<string, unknown> =
    body && typeof body === 'object' && !Array.isArray(body)
      ? { ...(body as Record<string, unknown>) }
      : body === null || body === undefined
        ? isError
          ? { statusCode: o.status }
          : {}
        : { result: body };
  if (opts.guidance) structured._expert = expertFor(operations, op, o);
  const meta: Record<string, unknown> = { 'svc/status': o.status };
  if (o.headers['retry-after']) meta['svc/retryAfter'] = Number(o.headers['retry-after']);
  const content = [{ type: 'text' as const, text: JSON.stringify(structured) }];
  return isError ? { content, isError: true, _meta: meta } : { content, structuredContent: structured, _meta: meta };
}

/** op.guidance(result, input) when it has one, else the central default; recovery advice on errors. */
export function expertFor(operations: readonly OperationSummary[], op: AnyOperation, o: OperationOutcome): ExpertGuidance {
  const byId = new Map(operations.map((x) => [x.operationId, x]));
  let g: ExpertGuidance | undefined;
  if (o.status >= 400) g = errorGuidance(op, o.status, o.body, o.headers, operations);
  else {
    try {
      g = op.guidance?.(o.result as never, o.input as never);
    } catch {
      g = undefined; // guidance must never turn a success into a failure
    }
    g ??= defaultGuidance(op, o.result, (id) => byId.has(id) && isMcpTool(byId.get(id)!));
  }
  return { next: nextTool(g.next, byId), why: g.why, ...(g.check ? { check: g.check } : {}) };
}

/** An operationId becomes its tool name; a plain-REST operation is named by its route. */
function nextTool(next: string | null, byId: Map<string, OperationSummary>): string | null {
  if (!next || next.startsWith('svc_') || next.includes(' ')) return next;
  const op = byId.get(next);
  if (op && op.mcp === false) return `${op.method} ${op.path}`;
  return toolName({ operationId: next });
}
