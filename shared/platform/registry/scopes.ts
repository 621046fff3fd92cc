/**
 * The permission scope catalogue. The spec names accounts:write, creatives:write, tasks:write,
 * mailing:write, webhooks:write, agent:read and dialogs:write; the others complete it for the CRM
 * and workspace surfaces. A key holds a list of these (or `*`).
 *
 * `mailing:write` is the same scope an admin uses to approve a mailing task, so a key that holds it
 * can approve its own tasks (the spec's agent flow: create task → approve → start). Nothing else
 * gates self-approval; withhold `mailing:write` from a key to force a human approval.
 * Role checks (shared/workspace/tenancy/roles.ts `requireRole`) come on top of scopes: a scope says what a key
 * may do, the membership role what the user may do in that workspace.
 */
export const SCOPES = {
  'accounts:write': 'Connect and manage sender mailboxes',
  'accounts:read': 'Read sender mailboxes, their DNS, relay health and the deliverability matrix',
  'creatives:write': 'Create and edit creatives',
  'creatives:read': 'Read creatives, previews, PDFs, test sends, placement tests and briefs',
  'tasks:write': 'Create and start tasks',
  'tasks:read': 'Read tasks, their send items and progress',
  'mailing:write': 'Approve mailings (an agent may approve its own tasks)',
  'webhooks:write': 'Create and manage webhook subscriptions and connector tokens',
  'webhooks:read': 'Read webhook subscriptions and deliveries',
  'agent:read': 'Agent guidance and capability receipts',
  'dialogs:write': 'Send replies',
  'crm:read': 'Read companies, contacts, lists, leads and pipelines',
  'crm:write': 'Create and change companies, contacts, lists, leads, pipelines, suppression and DSAR',
  'workspace:read': 'Read workspace settings, balance, legal documents and acceptances',
  'workspace:write': 'Change workspace settings, record legal acceptances, notes',
  'keys:write': "Create and revoke the account's API keys (never wider than the caller's own scopes)",
} as const;

export type Scope = keyof typeof SCOPES;
export const isScope = (s: string): s is Scope => s in SCOPES;
