import { badRequest } from '../errors.js';
import type { AnyOperation } from '../registry/operation.js';

/**
 * MCP toolsets: the tools grouped by domain so that an agent loads only what it works on (clients cap
 * tools: Cursor about 40, VS Code 128; every byte of tool text costs context). Chosen per connection
 * with `/mcp?toolsets=crm,campaigns` or the header `X-SERVICE-Toolsets: crm,campaigns`; `all` is the
 * whole catalogue; nothing chosen = DEFAULT_TOOLSETS. The selection only filters tools/list: every
 * operation stays callable as `svc_<operationId>`, and `svc_tools_search` finds the others.
 */
export const TOOLSETS = {
  crm: 'Companies, contacts, custom fields, lists, imports',
  leads: 'Pipelines, stages, automations, leads, kanban, dossier',
  audience: 'Suppression, stop-list, DSAR, email verification',
  mailing: 'Sender mailboxes, sending settings (window, interval, transports), deliverability, tasks (mailing and scoring)',
  campaigns: 'Campaigns, creatives, briefs',
  dialogs: 'Replies and conversations, the outbox of a campaign (history, skip)',
  enrichment: 'Site enrichment, scoring, company registry look-ups',
  webhooks: 'Webhook subscriptions, deliveries, connectors',
  workspace: 'Identity, tenants and members, billing, legal documents',
  agent: 'Agent guide, capability receipts, notifications',
} as const;
export type ToolsetName = keyof typeof TOOLSETS;

/**
 * The ONE table from an operation's `tag` (its folder under functions/) to its toolset. A new tag
 * must be added here: test/unit/mcp-toolsets.test.ts fails for any registry operation without one.
 */
export const TAG_TOOLSETS: Record<string, ToolsetName> = {
  companies: 'crm',
  contacts: 'crm',
  leads: 'leads',
  audience: 'audience',
  senders: 'mailing',
  settings: 'mailing',
  deliverability: 'mailing',
  tasks: 'mailing',
  mailing: 'mailing',
  campaigns: 'campaigns',
  creatives: 'campaigns',
  briefs: 'campaigns',
  dialogs: 'dialogs',
  sequences: 'dialogs',
  enrichment: 'enrichment',
  scoring: 'enrichment',
  webhooks: 'webhooks',
  connectors: 'webhooks',
  identity: 'workspace',
  keys: 'workspace',
  auth: 'workspace',
  tenants: 'workspace',
  billing: 'workspace',
  legal: 'workspace',
  admin: 'workspace',
  console: 'workspace',
  local: 'workspace',
  discovery: 'workspace',
  agent: 'agent',
  notifications: 'agent',
};

/**
 * What an agent that asks for nothing gets (< 25 tools, < 25 KB, with room for growth): the agent
 * toolset (guide, capability receipts, notifications) plus the identity and billing tools of the
 * workspace (who am I, sign up, quota, balance). `tag:<tag>` entries select single tags.
 */
export const DEFAULT_TOOLSETS: readonly string[] = ['agent', 'tag:identity', 'tag:billing'];
/** A connection's selection: toolset names and `tag:<tag>` entries; undefined = all. */
export type ToolsetSelection = Set<string> | undefined;

export const TOOLSETS_HEADER = 'x-service-toolsets';

export const toolsetOf = (op: Pick<AnyOperation, 'tag'>): ToolsetName | undefined => TAG_TOOLSETS[op.tag];

/**
 * The selection of one MCP request: the query parameter wins over the header; `all` = undefined (no
 * filter). An unknown name is a 400, so a typo does not silently hide tools.
 */
export function selectToolsets(query: string | undefined, header: string | undefined): ToolsetSelection {
  const raw = query ?? header;
  if (raw === undefined || raw.trim() === '') return new Set(DEFAULT_TOOLSETS);
  const names = raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (names.includes('all')) return undefined;
  const unknown = names.filter((n) => !Object.hasOwn(TOOLSETS, n));
  if (unknown.length) throw badRequest(unknown.map((n) => `toolsets: unknown toolset ${n} (known: ${Object.keys(TOOLSETS).join(', ')}, all)`));
  return new Set(names);
}

/** True when the operation's tool is listed for this selection (an unmapped tag is listed only under `all`). */
export const inToolsets = (op: Pick<AnyOperation, 'tag'>, selection: ToolsetSelection) => {
  if (!selection) return true;
  const t = toolsetOf(op);
  return (t !== undefined && selection.has(t)) || selection.has(`tag:${op.tag}`);
};

/** The toolset names of a selection (for `?toolsets=` hints). */
export const selectionNames = (selection: ToolsetSelection) => [...(selection ?? [])].filter((n) => !n.startsWith('tag:'));
