import { ApiError, describeError } from '../../api/errors';
import type { Campaign, ConfirmResult, Gate, Metrics, MetricsSeries } from './campaigns-api';
import type { FunnelStep } from '../../components/FunnelChart';
import type { PlotSeries } from '../../components/TimeSeriesPlot';

/** What a campaign's status means to a person (the label says it; colour never does alone). */
export function statusInWords(c: Pick<Campaign, 'status' | 'pauseReason' | 'operationalState' | 'primaryBlocker'>): string {
  const base = {
    DRAFT: 'Draft: nothing sent yet',
    ACTIVE: 'Active: sending',
    PAUSED: `Paused${c.pauseReason ? ` (${reasonInWords(c.pauseReason)})` : ''}`,
    BLOCKED: 'Blocked: waiting for manual moderation',
  }[c.status];
  return c.operationalState === 'DEGRADED' ? `${base}; degraded: ${reasonInWords(c.primaryBlocker ?? 'AI_STAGES_HALTED')}` : base;
}

const REASONS: Record<string, string> = {
  manual: 'paused by hand',
  insufficient_balance: 'the balance ran out: top it up, then resume',
  AI_STAGES_HALTED: 'the AI provider is down; rendering and the second audit wait, READY emails keep sending',
  AUDIT_EXHAUSTED: 'audit iterations used up',
  campaign_blocked: 'the campaign is blocked for manual moderation',
  no_sender_account: 'no mailbox can send',
  no_ready_recipients: 'no recipient is READY (pour, screen and prepare first)',
  campaign_guarantee_missing: 'the campaign-legality guarantee was not accepted',
  physical_address_missing: 'the company profile has no physical address for the footer',
  sender_dns_unhealthy: 'the mailbox DNS (SPF/DKIM/DMARC) is not healthy and not acknowledged',
  sender_suspended: 'the mailbox is suspended',
  sender_not_connected: 'the mailbox is not connected',
  outside_send_window: 'outside the send window: it waits for the next opening',
  queued: 'queued',
  sending: 'being sent',
  sent: 'sent: look in your inbox',
  bounced: 'bounced: check the mailbox DNS',
  failed: 'failed: test the mailbox connection',
  geo_manual_confirm: 'Russia: prior consent needed, waiting for manual confirm',
  geo_opt_in_only: 'Germany or Austria: opt-in only',
  non_target_role: 'a non-target role (accounting, legal, HR …)',
};

/** A reason code in words: known codes get a sentence, `campaign_paused:<reason>` names its reason, the rest are spelled out. */
export function reasonInWords(code: string): string {
  if (REASONS[code]) return REASONS[code];
  const paused = /^campaign_paused(?::(.+))?$/.exec(code);
  if (paused) return `the campaign is paused${paused[1] ? ` (${reasonInWords(paused[1])})` : ''}: resume it first`;
  if (code.startsWith('sender_')) return `the mailbox cannot send: ${code.slice(7).replace(/_/g, ' ')}`;
  return code.replace(/_/g, ' ');
}

const GATES: Record<string, string> = {
  campaign_status: 'Campaign is neither paused nor blocked',
  sender: 'A mailbox that can send (approved, DNS healthy or acknowledged, connected)',
  recipients: 'Recipients READY to send',
  balance: 'Balance covers a send',
  legal: 'Campaign-legality guarantee accepted',
  compliance_footer: 'Physical address for the footer',
};
export const gateInWords = (g: Pick<Gate, 'gate'>) => GATES[g.gate] ?? g.gate.replace(/_/g, ' ');

/** The 409 codes of the campaign operations, said for a person (the API's message is the fallback). */
const CONFLICTS: Record<string, string> = {
  campaign_blocked: 'The campaign is blocked for manual moderation: nothing can be changed until a platform admin releases it.',
  campaign_not_active: 'Only an active campaign can be paused: this one is not sending.',
  campaign_active: 'An active campaign cannot be deleted: pause it first.',
  campaign_changed: 'The campaign changed meanwhile. Reload and try again.',
  send_gates_failed: 'Not every send gate passes yet',
  send_task_paused: 'The campaign’s sending is paused: resume the campaign first.',
  not_platform: 'This campaign brings its own copy (BYOC): submit rendered emails instead of preparing with AI.',
  not_byoc: 'This campaign is rendered by the platform: start a preparation instead of submitting emails.',
  no_owner_address: 'Your account has no verified owner address to send the test to.',
  nothing_to_test: 'Nothing to test yet: the campaign has no creative and no READY email.',
  physical_address_missing: 'The company profile has no physical address for the footer: add it in Settings.',
  list_empty: 'That list has no contacts.',
};

/** One sentence for a failed campaign action; a 409 says its code in words (with the failing gates for send_gates_failed). */
export function campaignErrorInWords(err: unknown, action: string): string {
  if (err instanceof ApiError && err.status === 409 && err.code && CONFLICTS[err.code]) {
    const blockers = Array.isArray(err.body.blockers) ? (err.body.blockers as string[]) : [];
    return err.code === 'send_gates_failed'
      ? `${CONFLICTS[err.code]}${blockers.length ? `: ${blockers.map(reasonInWords).join('; ')}` : ''}.`
      : CONFLICTS[err.code];
  }
  // The page fetches the receipt itself just before the write: a refusal is a lapse (used or expired), not the role.
  if (err instanceof ApiError && err.status === 403 && err.code?.startsWith('capability_receipt'))
    return 'Changing the send window or the sending mailbox needs a fresh capability receipt, and this one was refused (used or expired). Save again.';
  return describeError(err, action);
}

/** The funnel the issue asks for: sent → delivered → opened → clicked → replied (unique per recipient). */
export const funnelSteps = (m: Metrics): FunnelStep[] => [
  { label: 'Sent', count: m.sent },
  { label: 'Delivered', count: m.delivered },
  { label: 'Opened', count: m.opened.unique },
  { label: 'Clicked', count: m.clicked.unique },
  { label: 'Replied', count: m.replied.unique },
];

/**
 * The series as plot lines, framed by one empty bucket before and after: a campaign sent within one hour
 * is a single point, which a time axis cannot scale (uPlot would span years around it).
 */
export function seriesPlot(s: MetricsSeries): { times: number[]; series: PlotSeries[] } {
  const step = s.bucket === 'day' ? 86_400 : 3_600;
  const empty = s.times.length === 0;
  const framed = (values: number[]) => (empty ? [] : [0, ...values, 0]);
  return {
    times: empty ? [] : [s.times[0] - step, ...s.times, s.times[s.times.length - 1] + step],
    series: [
      { label: 'Sent', values: framed(s.sent) },
      { label: 'Delivered', values: framed(s.delivered) },
      { label: 'Opened', values: framed(s.opened) },
      { label: 'Clicked', values: framed(s.clicked) },
      { label: 'Replied', values: framed(s.replied) },
    ],
  };
}

const ACTIONS: Record<string, string> = {
  created: 'Created',
  preparation_started: 'Preparation started',
  preparation_resumed: 'Preparation resumed',
  activated: 'Activated',
  send: 'Sent',
  paused: 'Paused',
  resumed: 'Resumed',
  degraded: 'Degraded',
  ai_recovered: 'AI failures retried',
  blocked: 'Blocked',
  recipients_confirmed: 'Recipients confirmed',
  updated: 'Changed',
};
export const activityInWords = (action: string) => ACTIONS[action] ?? action.replace(/_/g, ' ');

export const actorInWords = (a: { kind: string; id?: string }) =>
  a.kind === 'system'
    ? `the system${a.id ? ` (${a.id})` : ''}`
    : a.kind === 'session'
      ? `a person in the browser${a.id ? ` (user ${a.id})` : ''}`
      : a.kind === 'key'
        ? `an API key or agent${a.id ? ` (key ${a.id})` : ''}`
        : a.kind.replace(/[-_]/g, ' ');

const RETRY: Record<string, string> = {
  retried: 'moved back to SCREENED; a new preparation renders them again',
  already_recovered: 'were already moved back',
  nothing_to_retry: 'there was nothing to retry',
  same_provider: 'the AI provider is still down: retrying now would fail the same way',
};
export const aiRecoveryInWords = (r: { reset: number; reason: string }) =>
  `${r.reset.toLocaleString()} AI failure${r.reset === 1 ? '' : 's'}: ${RETRY[r.reason] ?? r.reason.replace(/_/g, ' ')}.`;

export type ConfirmOutcome = 'confirmed' | 'not_manual_confirm' | 'not_found';

/**
 * What campaigns_confirm_recipients did to each id, in the order they were ticked: confirmed (and where
 * the screen then put it), not in manual confirm (unchanged, with its state), or no recipient of this campaign.
 */
export function confirmOutcomes(ids: readonly string[], r: ConfirmResult): { contactId: string; outcome: ConfirmOutcome; words: string }[] {
  const confirmed = new Map(r.results.map((x) => [x.contactId, x]));
  const other = new Map(r.notManualConfirm.map((x) => [x.contactId, x]));
  return [...new Set(ids)].map((contactId) => {
    const c = confirmed.get(contactId);
    if (c)
      return {
        contactId,
        outcome: 'confirmed' as const,
        words:
          c.status === 'SKIPPED'
            ? `Confirmed: consent recorded, but skipped again (${reasonInWords(c.reason ?? 'skipped')}).`
            : `Confirmed: consent recorded, now ${c.status}${c.status === 'SCREENED' ? ' (ready to prepare)' : ''}.`,
      };
    const o = other.get(contactId);
    if (o)
      return {
        contactId,
        outcome: 'not_manual_confirm' as const,
        words: `Not in manual confirm: it is ${o.status}${o.reason ? ` (${reasonInWords(o.reason)})` : ''}; unchanged.`,
      };
    return { contactId, outcome: 'not_found' as const, words: 'Not a recipient of this campaign; unchanged.' };
  });
}
