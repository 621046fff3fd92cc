import type { FormEvent } from 'react';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';

/** Who prepared an item, as the API recorded it (GET /api/mailing/approvals). */
export interface Actor {
  kind: string;
  keyId?: string;
  keyName?: string;
  userId?: string;
  email?: string;
  channel?: string;
}

export interface CreativeContent {
  subject: string;
  bodyHtml: string;
}

export interface PendingTask {
  id: string;
  description: string;
  status: string;
  approvalResetReason: string | null;
  creativeId: string | null;
  creativeName: string | null;
  createdAt: string;
  createdBy: Actor | null;
  lastApproval: { by: Actor; note: string; at: string } | null;
  drift: { approvedVersion: number | null; currentVersion: number | null; approved: CreativeContent | null; current: CreativeContent | null } | null;
}

export interface Approvals {
  count: number;
  tasks: PendingTask[];
  creatives: { id: string; name: string; type: string; subject: string; updatedAt: string; createdBy: Actor | null }[];
  campaigns: { id: string; name: string; primaryBlocker: string | null; updatedAt: string; createdBy: Actor | null }[];
  heldCampaigns: HeldCampaign[];
  heldCampaignsTruncated: boolean;
}

/** A prepared campaign whose send a failing gate holds (its gates as CampaignsController_sendReadiness names them). */
export interface HeldCampaign {
  id: string;
  name: string;
  status: string;
  ready: number;
  blockers: { gate: string; reasonCode: string }[];
  updatedAt: string;
  createdBy: Actor | null;
}

/** The navigation badge polls at most this often; approving or rejecting refreshes it at once. */
export const BADGE_POLL_MS = 30_000;

/** One query for the page and the badge (same key: the badge's poll refreshes the page and the other way round). */
export const approvalsQuery = (tenantId: string) => ({
  queryKey: workspaceKey(tenantId, 'approvals', 'queue'),
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Approvals>('/api/mailing/approvals', { signal }),
});

/** "the key “Outreach agent” (over MCP)", "ann@example.com (in the web app)": who prepared or approved something. */
export function actorInWords(actor: Actor | null | undefined): string {
  if (!actor) return 'not recorded';
  const over = actor.channel === 'mcp' ? ' over MCP' : actor.channel === 'http' ? ' over the API' : '';
  if (actor.kind === 'key') return `${actor.keyName ? `the key “${actor.keyName}”` : `a key (${actor.keyId ?? 'unknown id'})`}${over}`;
  if (actor.kind === 'session') return actor.email ? `${actor.email} in the web app` : 'a person in the web app';
  return actor.kind;
}

/** Why a campaign is blocked, in words. */
export const BLOCKER_WORDS: Record<string, string> = {
  AUDIT_EXHAUSTED: 'the content audit used up its attempts (five per recipient) without passing every email: the platform moderates it before it may send',
};

/** A review form's submit: which of its two buttons sent it (`reject`, else `approve`) and the trimmed text of its one field. */
export function readDecision(event: FormEvent<HTMLFormElement>, field: string): { choice: 'approve' | 'reject'; text: string } {
  event.preventDefault();
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  return { choice: submitter?.value === 'reject' ? 'reject' : 'approve', text: String(new FormData(event.currentTarget).get(field) ?? '').trim() };
}
