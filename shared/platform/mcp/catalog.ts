import type { AnyOperation } from '../registry/operation.js';
import { cachedToolDefinition, isMcpTool, type ToolDefinition } from './tools.js';

/**
 * What the MCP server knows of an operation before it runs it: enough to list, search and authorize
 * it and to name it in `_expert` guidance. The operation itself (zod schemas, handler and the domain
 * code behind it) is loaded only when its tool is called, so the MCP function does not evaluate, or in
 * AWS even read, the code of the ~300 tools it does not run (issue 25: its single-file bundle was 4 MB).
 */
export type OperationSummary = Pick<
  AnyOperation,
  'operationId' | 'tag' | 'method' | 'path' | 'summary' | 'description' | 'access' | 'scope' | 'mcp' | 'localOnly' | 'hints'
>;

export interface ToolEntry extends OperationSummary {
  /** Its tools/list definition; only for operations that are tools in some runtime (not admin, not `mcp: false`). */
  tool?: ToolDefinition;
}

/**
 * Every operation of the registry, in its order, as the MCP server sees it. In AWS the entries are the
 * JSON the build writes beside the function's bundle and `load` imports one operation's chunk
 * (infra/aws/mcp-bundle.ts); in the local runtime both come from the loaded registry (`catalogOf`).
 */
export interface ToolCatalog {
  entries(): Promise<readonly ToolEntry[]>;
  /** The operation behind a tool, loaded on its first call. */
  load(operationId: string): Promise<AnyOperation | undefined>;
}

/** An operation's entry; its tool definition is derived on first read (and by JSON.stringify, which reads it). */
export function toolEntry(op: AnyOperation): ToolEntry {
  const entry: ToolEntry = {
    operationId: op.operationId,
    tag: op.tag,
    method: op.method,
    path: op.path,
    summary: op.summary,
    description: op.description,
    access: op.access,
    ...(op.scope !== undefined ? { scope: op.scope } : {}),
    ...(op.mcp !== undefined ? { mcp: op.mcp } : {}),
    ...(op.localOnly !== undefined ? { localOnly: op.localOnly } : {}),
    ...(op.hints !== undefined ? { hints: op.hints } : {}),
  };
  if (isMcpTool(op, 'local')) Object.defineProperty(entry, 'tool', { enumerable: true, get: () => cachedToolDefinition(op) });
  return entry;
}

/** The catalogue of operations already loaded (the local runtime, tests). */
export function catalogOf(operations: readonly AnyOperation[]): ToolCatalog {
  const entries = operations.map(toolEntry);
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  return { entries: async () => entries, load: async (id) => byId.get(id) };
}
