import type * as z from 'zod';
import { acceptsIdempotencyKey } from '../idempotency/idempotency.js';
import { jsonSchemaOf, outputJsonSchemaOf } from '../registry/json-schema.js';
import { pathParams, type AnyOperation } from '../registry/operation.js';
import type { Principal } from '../runtime/principal.js';
import { mayCall } from '../registry/access.js';

/**
 * MCP tools derived from the operation registry: nothing here names an operation, so a new operation
 * is a new tool with no change in this folder. `svc_<operationId>`; path and query parameters are
 * top-level arguments, the request body is `body`, the tenant is `tenant_id`.
 */
export const TOOL_PREFIX = 'svc_';
export const toolName = (op: Pick<AnyOperation, 'operationId'>) => `${TOOL_PREFIX}${op.operationId}`;

/** Tenant MCP exposes every operation except plain-REST ones (`mcp: false`), admin ones, and local-only ones outside the local runtime. */
export const isMcpTool = (op: Pick<AnyOperation, 'mcp' | 'access' | 'localOnly'>, mode: 'local' | 'aws' = 'local') =>
  op.mcp !== false && op.access !== 'admin' && (!op.localOnly || mode === 'local');

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, unknown>; required?: string[]; additionalProperties: false };
  /** The operation's output schema: successful results' structuredContent conforms to it (errors carry none, see call.ts). */
  outputSchema?: { type: 'object'; properties?: Record<string, unknown>; required?: string[] };
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

export const TENANT_ARG = 'tenant_id';
export const BODY_ARG = 'body';
/** The Idempotency-Key of one tool call (also accepted as `_meta.idempotency_key`). */
export const IDEMPOTENCY_ARG = 'idempotency_key';

export const queryKeys = (op: AnyOperation) => Object.keys((op.input.query as z.ZodObject | undefined)?.shape ?? {});

/** Top-level argument names of a tool (what `tools/call` accepts). */
export function argumentNames(op: AnyOperation) {
  return { path: pathParams(op.path), query: queryKeys(op), body: Boolean(op.input.body), idempotencyKey: acceptsIdempotencyKey(op) };
}

export function toolDefinition(op: AnyOperation): ToolDefinition {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const pathShape = op.input.path ? ((jsonSchemaOf(op.input.path).properties ?? {}) as Record<string, Record<string, unknown>>) : {};
  for (const name of pathParams(op.path)) {
    properties[name] = { ...compact(pathShape[name] ?? {}), type: 'string' };
    required.push(name);
  }
  if (op.input.query) {
    const q = jsonSchemaOf(op.input.query);
    for (const [name, schema] of Object.entries((q.properties ?? {}) as Record<string, Record<string, unknown>>)) properties[name] = compact(schema);
    required.push(...((q.required as string[]) ?? []).filter((n) => !('default' in ((q.properties as Record<string, object>)[n] ?? {}))));
  }
  if (op.input.body) {
    const body = op.rawBody ? { type: 'string', description: 'Raw request body' } : compact(jsonSchemaOf(op.input.body));
    properties[BODY_ARG] = body;
    if (op.rawBody || ((body.required as string[] | undefined)?.length ?? 0) > 0 || body.type !== 'object') required.push(BODY_ARG);
  }
  if (op.access === 'tenant') properties[TENANT_ARG] = { type: 'string', description: 'Tenant id (default: yours)' };
  if (acceptsIdempotencyKey(op))
    properties[IDEMPOTENCY_ARG] = { type: 'string', maxLength: 255, description: 'Retry-safe: same key+args within 24h replays the first result' };
  const readOnly = Boolean(op.hints?.readOnly);
  return {
    name: toolName(op),
    title: op.summary,
    description: shortDescription(op),
    inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false },
    ...(op.output ? { outputSchema: advisory(compact(outputJsonSchemaOf(op.output))) as NonNullable<ToolDefinition['outputSchema']> } : {}),
    annotations: {
      readOnlyHint: readOnly,
      destructiveHint: !readOnly && Boolean(op.hints?.destructive),
      idempotentHint: readOnly || Boolean(op.hints?.idempotent),
      openWorldHint: false,
    },
  };
}

/** Longest tool description: the full text stays in OpenAPI; tools/list is paid for in agent context. */
export const TOOL_DESCRIPTION_MAX = 300;

/** The description cut at the last sentence end before TOOL_DESCRIPTION_MAX (a word boundary if no sentence fits). */
export function shortDescription(op: Pick<AnyOperation, 'description' | 'summary'>): string {
  const full = (op.description || op.summary).trim();
  if (full.length <= TOOL_DESCRIPTION_MAX) return full;
  const head = full.slice(0, TOOL_DESCRIPTION_MAX - 1);
  const sentence = head.lastIndexOf('. ');
  if (sentence >= 80) return head.slice(0, sentence + 1);
  return `${head.slice(0, head.lastIndexOf(' ')).trimEnd()}…`;
}

/** JSON Schema noise that only makes tools/list bigger (zod's int bounds, `$schema`). */
function compact<T extends Record<string, unknown>>(schema: T): T {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === '$schema') continue;
      if ((k === 'maximum' && x === Number.MAX_SAFE_INTEGER) || (k === 'minimum' && x === Number.MIN_SAFE_INTEGER)) continue;
      out[k] = walk(x);
    }
    return out;
  };
  return walk(schema) as T;
}

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * The output schema as MCP clients get it: structure, types and descriptions, but no `required` and
 * scalars that may be null. The SDK client rejects a whole result whose structuredContent does not
 * validate, so a field the schema got too strict about (absent or null in some state no test reached)
 * must not turn a successful call into a client error; the e2e contract check keeps the exact schema
 * (also in OpenAPI) honest.
 */
function advisory<T extends Record<string, unknown>>(schema: T): T {
  const walk = (v: unknown, isSchema: boolean): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x, isSchema));
    if (!v || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (isSchema && k === 'required') continue;
      // properties/$defs map names to schemas; every other object-valued keyword holds schemas directly.
      out[k] =
        k === 'properties' || k === '$defs'
          ? Object.fromEntries(Object.entries(x as object).map(([n, s]) => [n, walk(s, true)]))
          : walk(x, isSchema && k !== 'enum' && k !== 'const' && k !== 'default' && k !== 'examples');
    }
    if (isSchema && typeof out.type === 'string' && SCALARS.has(out.type)) {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    }
    return out;
  };
  return walk(schema, true) as T;
}

const cache = new WeakMap<AnyOperation, ToolDefinition>();
export const cachedToolDefinition = (op: AnyOperation) => {
  let t = cache.get(op);
  if (!t) cache.set(op, (t = toolDefinition(op)));
  return t;
};

/**
 * Whether the caller may use an operation: the pipeline's own access rule (shared/platform/registry/access.ts),
 * so tools/list never shows a tool whose call would be refused. Admin operations are no MCP tools.
 */
export const visibleTo = (op: Pick<AnyOperation, 'access' | 'scope'>, p: Principal | undefined): boolean => op.access !== 'admin' && mayCall(op, p);

/** Whether tools/list shows the operation's tool to this caller in this runtime (before the toolset filter). */
export const listedFor = (op: Pick<AnyOperation, 'mcp' | 'access' | 'localOnly' | 'scope'>, principal: Principal | undefined, mode: 'local' | 'aws') =>
  isMcpTool(op, mode) && visibleTo(op, principal);

/** The tools/list answer for a caller, derived from the operations themselves. */
export function listTools(operations: AnyOperation[], principal: Principal | undefined, mode: 'local' | 'aws' = 'local') {
  return operations.filter((op) => listedFor(op, principal, mode)).map(cachedToolDefinition);
}
