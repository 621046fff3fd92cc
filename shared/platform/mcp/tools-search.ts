import { badRequest } from '../errors.js';
import type { AnyOperation } from '../registry/operation.js';
import { toolName, type ToolDefinition } from './tools.js';
import { TOOLSETS, inToolsets, selectionNames, toolsetOf, type ToolsetName, type ToolsetSelection } from './toolsets.js';

/**
 * The discovery tool: lists the toolsets and searches every tool the caller may use by words, so an
 * agent connected with the small default set finds e.g. `svc_CampaignsController_pour` from "pour
 * audience into campaign" without loading the catalogue. Answers names, one-line summaries and the
 * toolset to enable (a tool outside the connection's toolsets may still be called by name).
 */
export const SEARCH_TOOL = 'svc_tools_search';
const MAX_RESULTS = 25;

export const searchToolDefinition: ToolDefinition = {
  name: SEARCH_TOOL,
  title: 'Find tools and toolsets',
  description:
    'Lists the toolsets and searches all tools by words (e.g. "pour audience into campaign"). Any tool found may be called by name even if it is ' +
    'not in your tools/list; or reconnect with /mcp?toolsets=<name,...> (or header X-SERVICE-Toolsets) to list them. include_schema returns input schemas.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', maxLength: 200, description: 'Words to look for in tool names, summaries and descriptions' },
      toolset: { type: 'string', enum: Object.keys(TOOLSETS), description: 'Only tools of this toolset' },
      limit: { type: 'integer', minimum: 1, maximum: MAX_RESULTS, description: 'Max results (default 10)' },
      include_schema: { type: 'boolean', description: "Add each result's inputSchema (so it can be called at once)" },
    },
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};

const STOP = new Set(['a', 'an', 'the', 'to', 'of', 'for', 'and', 'or', 'in', 'into', 'on', 'by', 'with', 'from', 'my', 'all', 'me', 'how', 'do', 'i']);
const stem = (w: string) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
/** Words of a text; operation ids split at `_` and camelCase humps. */
export const words = (text: string) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !STOP.has(w))
    .map(stem);

const matches = (q: string, tokens: Set<string>) =>
  tokens.has(q) || (q.length >= 4 && [...tokens].some((t) => t.length >= 4 && (t.startsWith(q) || q.startsWith(t))));

type Searchable = Pick<AnyOperation, 'operationId' | 'tag' | 'summary' | 'description'>;

/** Score: a word in the name counts most, then toolset/tag and summary, then the description. */
function score(op: Searchable, query: string[]) {
  const fields: [Set<string>, number][] = [
    [new Set(words(op.operationId)), 3],
    [new Set(words(`${op.tag} ${toolsetOf(op) ?? ''}`)), 2],
    [new Set(words(op.summary)), 2],
    [new Set(words(op.description ?? '')), 1],
  ];
  let total = 0;
  let hit = 0;
  for (const q of query) {
    const best = Math.max(0, ...fields.map(([tokens, w]) => (matches(q, tokens) ? w : 0)));
    if (best) hit++;
    total += best;
  }
  // Tools that match more of the words rank above ones that match one word in many places.
  return total + hit * 10;
}

export interface SearchArgs {
  query?: unknown;
  toolset?: unknown;
  limit?: unknown;
  include_schema?: unknown;
}

export function searchTools<T extends Searchable>(
  callable: readonly T[],
  selection: ToolsetSelection,
  args: SearchArgs,
  definition: (op: T) => ToolDefinition,
) {
  const unknown = Object.keys(args).filter((k) => !['query', 'toolset', 'limit', 'include_schema'].includes(k));
  if (unknown.length) throw badRequest(unknown.map((k) => `property ${k} should not exist`));
  if (args.query !== undefined && (typeof args.query !== 'string' || args.query.length > 200))
    throw badRequest(['query must be a string of at most 200 characters']);
  if (args.toolset !== undefined && !(typeof args.toolset === 'string' && Object.hasOwn(TOOLSETS, args.toolset)))
    throw badRequest([`toolset must be one of ${Object.keys(TOOLSETS).join(', ')}`]);
  const limit = args.limit === undefined ? 10 : Number(args.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RESULTS) throw badRequest([`limit must be an integer from 1 to ${MAX_RESULTS}`]);
  const toolsets = (Object.entries(TOOLSETS) as [ToolsetName, string][]).map(([name, description]) => ({
    name,
    description,
    tools: callable.filter((op) => toolsetOf(op) === name).length,
    listed: !selection || selection.has(name),
  }));
  const query = words(typeof args.query === 'string' ? args.query : '');
  const pool = callable.filter((op) => args.toolset === undefined || toolsetOf(op) === args.toolset);
  const ranked = pool
    .map((op) => ({ op, s: query.length ? score(op, query) : 1 }))
    .filter((r) => r.s > 0)
    .sort((a, b) => b.s - a.s || a.op.operationId.localeCompare(b.op.operationId))
    .slice(0, limit);
  const results = ranked.map(({ op }) => {
    const toolset = toolsetOf(op) ?? 'all';
    return {
      name: toolName(op),
      summary: op.summary,
      toolset,
      listed: inToolsets(op, selection),
      ...(args.include_schema === true ? { inputSchema: definition(op).inputSchema } : {}),
    };
  });
  const hidden = [...new Set(results.filter((r) => !r.listed).map((r) => r.toolset))];
  return {
    toolsets,
    results,
    hint: hidden.length
      ? `Call any result by name now, or reconnect with /mcp?toolsets=${[...new Set([...selectionNames(selection), ...hidden])].join(',')} to list them.`
      : results.length
        ? 'All results are in your tool list.'
        : 'No tool matched; try other words or a toolset.',
  };
}
