import { conflict } from '../../platform/errors.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { Balance } from '../../workspace/billing/entities.js';
import { PRICES, toAmount } from '../../workspace/billing/prices.js';
import { EmailAccount, getEmailAccountItem, type EmailAccountItem } from '../senders/entities.js';
import { getSendingState } from '../senders/transport.js';
import { getPhysicalAddress, getWorkspaceSendWindow } from '../../workspace/settings/settings.js';
import { sendWindowState } from '../../workspace/settings/send-window-state.js';
import { getDefaultTrackingDomain } from '../tracking-domains/tracking-domains.js';
import { ensureOwnedSendTask } from '../tasks/tasks.js';
import { addSendItems } from '../sending/items.js';
import type { CampaignRecord } from './entities.js';
import { getCampaignItem, logActivity, updateCampaign, type Actor } from './campaigns.js';
import { countRecipients, moveRecipients, recipientsIn, type Move } from './recipients.js';
import { readCampaign, syncCampaign } from './lifecycle.js';
import { placementAdvice } from './placement.js';

export interface Gate {
  gate: string;
  ok: boolean;
  reasonCode: string | null;
  detail?: Record<string, unknown>;
}

/** The campaign's sender: senderConfig.accountId, else the first mailbox that can send now. */
async function resolveSender(deps: Deps, tenantId: string, table: TableStore, c: CampaignRecord) {
  const now = deps.clock.now();
  if (c.senderConfig?.accountId) {
    const a = await getEmailAccountItem(table, c.senderConfig.accountId);
    return a ? { account: a, state: await getSendingState(deps, tenantId, a.id, now) } : undefined;
  }
  const page = await table.query<EmailAccountItem>({ ...EmailAccount.query('byCreated', {}), limit: 50 });
  let first: { account: EmailAccountItem; state: Awaited<ReturnType<typeof getSendingState>> } | undefined;
  for (const a of page.items) {
    const state = await getSendingState(deps, tenantId, a.id, now);
    first ??= { account: a, state };
    if (state.sendable || state.reason === 'daily_cap_reached') return { account: a, state };
  }
  return first;
}

/** The window that governs the campaign's sends: its own, else the workspace's (or the default). */
export async function effectiveWindow(deps: Deps, table: TableStore, c: CampaignRecord) {
  const now = deps.clock.now();
  if (c.sendWindow) return { source: 'campaign' as const, configured: c.sendWindow, ...sendWindowState(c.sendWindow, now) };
  const { source, ...ws } = await getWorkspaceSendWindow(table);
  return { source, configured: ws, ...sendWindowState(ws, now) };
}

/**
 * What the gates of one workspace's campaigns share (balance, footer address, the resolved sender),
 * each read at most once however many campaigns are checked: the approvals queue checks a page of
 * prepared campaigns with one set of these reads.
 */
export function gateInputs(deps: Deps, tenantId: string) {
  const table = deps.tenantTable(tenantId);
  const senders = new Map<string, ReturnType<typeof resolveSender>>();
  let balance: Promise<number> | undefined;
  let profile: ReturnType<typeof getPhysicalAddress> | undefined;
  return {
    table,
    balanceMicros: () => (balance ??= deps.platform.get<{ balanceMicros?: number }>(Balance.key({ tenantId })).then((b) => b?.balanceMicros ?? 0)),
    profile: () => (profile ??= getPhysicalAddress(table)),
    sender: (c: CampaignRecord) => {
      const key = c.senderConfig?.accountId ?? '';
      if (!senders.has(key)) senders.set(key, resolveSender(deps, tenantId, table, c));
      return senders.get(key)!;
    },
  };
}
export type GateInputs = ReturnType<typeof gateInputs>;

/**
 * The blocking gates of one campaign (read with its send task's pause), in the order a send applies
 * them: campaign status, sender (approved mailbox, healthy or acknowledged DNS, connection, not
 * suspended), READY recipients, balance, the campaign_guarantee acceptance, the footer's physical address.
 */
export async function blockingGates(inputs: GateInputs, c: CampaignRecord, ready: number) {
  const gates: Gate[] = [];
  gates.push({
    gate: 'campaign_status',
    ok: c.status !== 'BLOCKED' && c.status !== 'PAUSED',
    reasonCode: c.status === 'BLOCKED' ? 'campaign_blocked' : c.status === 'PAUSED' ? `campaign_paused${c.pauseReason ? `:${c.pauseReason}` : ''}` : null,
    detail: { status: c.status },
  });
  const sender = await inputs.sender(c);
  const senderOk = !!sender && (sender.state.sendable || sender.state.reason === 'daily_cap_reached');
  gates.push({
    gate: 'sender',
    ok: senderOk,
    reasonCode: !sender ? 'no_sender_account' : senderOk ? null : `sender_${sender.state.reason}`,
    detail: sender
      ? {
          accountId: sender.account.id,
          email: sender.account.email,
          dnsStatus: sender.account.dnsStatus ?? null,
          dnsAcknowledged: !!sender.account.dnsAcknowledgedAt,
          dailyCap: sender.state.dailyCap,
          sentToday: sender.state.sentToday,
        }
      : {},
  });
  gates.push({ gate: 'recipients', ok: ready > 0, reasonCode: ready > 0 ? null : 'no_ready_recipients', detail: { ready } });
  const balanceMicros = await inputs.balanceMicros();
  const needed = PRICES.email_send.unitMicros * Math.max(1, ready);
  gates.push({
    gate: 'balance',
    ok: balanceMicros >= PRICES.email_send.unitMicros,
    reasonCode: balanceMicros >= PRICES.email_send.unitMicros ? null : 'insufficient_balance',
    detail: { balance: toAmount(balanceMicros), neededForReady: toAmount(needed), coversAllReady: balanceMicros >= needed },
  });
  gates.push({
    gate: 'legal',
    ok: !!c.guaranteeAcceptanceId,
    reasonCode: c.guaranteeAcceptanceId ? null : 'campaign_guarantee_missing',
    detail: { docKey: 'campaign_guarantee' },
  });
  const profile = await inputs.profile();
  gates.push({ gate: 'compliance_footer', ok: !!profile, reasonCode: profile ? null : 'physical_address_missing', detail: { setting: 'companyProfile' } });
  return { gates, sender };
}

/**
 * Read-only dry run of every send gate (blockingGates). The window, tracking domain and placement are
 * reported (a closed window delays, it does not refuse).
 */
export async function sendReadiness(deps: Deps, tenantId: string, campaignId: string) {
  const inputs = gateInputs(deps, tenantId);
  const table = inputs.table;
  // The status as the send engine left it (a paused send task reads as PAUSED), computed: nothing is written.
  const { campaign: c } = await readCampaign(table, campaignId);
  const counts = await countRecipients(table, c);
  const { gates, sender } = await blockingGates(inputs, c, counts.READY);
  const window = await effectiveWindow(deps, table, c);
  const trackingDomain = await getDefaultTrackingDomain(table);
  const blockers = gates.filter((g) => !g.ok).map((g) => g.reasonCode!);
  return {
    campaignId,
    ready: blockers.length === 0,
    blockers,
    gates,
    effective: { sendWindow: { source: window.source, configured: window.configured, windowOpen: window.windowOpen, nextOpenAt: window.nextOpenAt } },
    trackingDomain: {
      ok: !!trackingDomain,
      domain: trackingDomain,
      advice: trackingDomain ? null : 'Set an ACTIVE tracking domain: links on a shared host hurt placement.',
    },
    placement: await placementAdvice(table, sender?.account, deps.clock.now()),
    recipients: counts,
  };
}

/**
 * Sends up to `limit` READY recipients through the send engine (the campaign's own open task: window,
 * sender state, cap, pacing, per-send charge, footer and tracking apply there). Every blocking gate
 * must pass; the first send activates the campaign. Safe to repeat: a recipient is enrolled once.
 */
export async function sendCampaign(deps: Deps, tenantId: string, campaignId: string, limit: number, actor: Actor) {
  const table = deps.tenantTable(tenantId);
  // A write path: a pause the send engine put on the task is persisted on the campaign (and logged) here too.
  await syncCampaign(deps, tenantId, campaignId);
  const readiness = await sendReadiness(deps, tenantId, campaignId);
  if (!readiness.ready) throw conflict(`Send gates not passed: ${readiness.blockers.join(', ')}`, { code: 'send_gates_failed', blockers: readiness.blockers });
  let c = await getCampaignItem(table, campaignId);
  const sender = readiness.gates.find((g) => g.gate === 'sender')!.detail as { accountId: string };
  const task = await ensureOwnedSendTask(
    table,
    {
      taskId: campaignId,
      owner: { kind: 'campaign', id: campaignId },
      accountId: sender.accountId,
      description: `campaign ${c.name}`,
      tracking: c.senderConfig?.tracking ?? true,
      ...(c.sendWindow ? { sendWindow: c.sendWindow } : {}),
    },
    deps.clock.now(),
  );
  if (task.status === 'PAUSED')
    throw conflict(`The campaign's send task is paused (${task.pauseReason ?? 'paused'}): resume the campaign`, {
      code: 'send_task_paused',
      pauseReason: task.pauseReason ?? null,
    });
  if (c.status === 'DRAFT') {
    c = await updateCampaign(table, c, { status: 'ACTIVE', label: null, activatedAt: new Date(deps.clock.now()).toISOString() }, deps.clock.now());
    await logActivity(deps, table, campaignId, actor, 'activated', 'first_send', { limit });
  }
  const page = await recipientsIn(table, campaignId, 'READY', limit);
  const items = page.items.map((r) => ({ contactId: r.contactId, email: r.email, content: r.content!, origin: { kind: 'campaign' as const, id: campaignId } }));
  const added = await addSendItems(deps, tenantId, campaignId, items);
  const now = deps.clock.now();
  const moves = page.items.map((r): Move => ({ r, from: 'READY', to: 'SENT', set: { enrolledAt: new Date(now).toISOString() } }));
  await moveRecipients(table, campaignId, moves, now);
  await logActivity(deps, table, campaignId, actor, 'send', null, { limit, queued: added.length });
  const after = await countRecipients(table, await getCampaignItem(table, campaignId));
  return { campaignId, taskId: campaignId, status: c.status, queued: added.length, remainingReady: after.READY, effective: readiness.effective };
}
