import { conflict } from '../errors.js';
import type { Item, TableStore } from '../ports/table-store.js';
import type { Deps } from '../runtime/deps.js';
import { aiProvider, breakerFor } from '../ai/provider.js';
import { Task, type SendItemRecord } from '../tasks/entities.js';
import { getTaskItem, moveTask, taskView } from '../tasks/tasks.js';
import { enqueueQueuedItems } from '../sending/items.js';
import { pauseTask } from '../sending/gates.js';
import { MAX_ATTEMPTS } from '../sending/settings.js';
import { Recipient, type CampaignRecord, type GeoPolicy, type RecipientRecord } from './entities.js';
import { CAMPAIGN_PAUSED, campaignView, getCampaignItem, logActivity, updateCampaign, withTaskPause, type Actor } from './campaigns.js';
import { countRecipients, moveRecipients, recipientsIn, type Move } from './recipients.js';
import { countryFromEmail, geoPolicyOf } from './geo.js';
import { startPreparation } from './prepare.js';
import type { GenerationRecord } from './preparation-runs.js';
import { Generation } from './entities.js';

const sendTaskOf = (table: TableStore, campaignId: string) => getTaskItem(table, campaignId).catch(() => undefined);

/** Read-only: the campaign with its send task's pause applied (the task is read only for an ACTIVE campaign). */
export async function readCampaign(table: TableStore, campaignId: string) {
  const stored = await getCampaignItem(table, campaignId);
  const task = stored.status === 'ACTIVE' ? await sendTaskOf(table, campaignId) : undefined;
  return { campaign: withTaskPause(stored, task), stored, task };
}

/**
 * Write paths only (conveyor, send, pause, resume): persists a pause the send engine put on the
 * campaign's task onto an ACTIVE campaign, logged as the system's act.
 */
export async function syncCampaign(deps: Deps, tenantId: string, campaignId: string): Promise<CampaignRecord> {
  const table = deps.tenantTable(tenantId);
  const { campaign, stored } = await readCampaign(table, campaignId);
  if (campaign === stored) return stored;
  const reason = campaign.pauseReason!;
  try {
    const after = await updateCampaign(table, stored, { status: 'PAUSED', pauseReason: reason, pausedBy: { kind: 'system' } }, deps.clock.now());
    await logActivity(deps, table, campaignId, { kind: 'system', id: 'conveyor' }, 'paused', reason);
    return after;
  } catch {
    return getCampaignItem(table, campaignId);
  }
}

/** Read-only: the campaign (its task's pause applied) and its recipients per state from the campaign's counters. */
export async function getCampaignView(deps: Deps, tenantId: string, campaignId: string) {
  const table = deps.tenantTable(tenantId);
  const { campaign } = await readCampaign(table, campaignId);
  return { ...campaignView(campaign), recipients: await countRecipients(table, campaign) };
}

/** ACTIVE → PAUSED by a caller (its send task pauses too: nothing more leaves). */
export async function pauseCampaign(deps: Deps, tenantId: string, campaignId: string, actor: Actor) {
  const table = deps.tenantTable(tenantId);
  const c = await syncCampaign(deps, tenantId, campaignId);
  if (c.status === 'PAUSED') return campaignView(c);
  if (c.status !== 'ACTIVE') throw conflict(`Campaign is ${c.status}; only an ACTIVE campaign pauses`, { code: 'campaign_not_active', status: c.status });
  const after = await updateCampaign(table, c, { status: 'PAUSED', pauseReason: 'manual', pausedBy: actor }, deps.clock.now());
  await pauseTask(deps, tenantId, { taskId: campaignId }, CAMPAIGN_PAUSED);
  await logActivity(deps, table, campaignId, actor, 'paused', 'manual');
  return campaignView(after);
}

/**
 * Resume: PAUSED → ACTIVE (its send task resumes; a cause still present pauses it again), and in any
 * case the AI recovery: the provider's breaker is cleared and unsent AI failures go back to SCREENED
 * and are prepared again. DRAFT campaigns get the AI recovery only.
 */
export async function resumeCampaign(deps: Deps, tenantId: string, campaignId: string, actor: Actor) {
  const table = deps.tenantTable(tenantId);
  const c = await syncCampaign(deps, tenantId, campaignId);
  if (c.status === 'BLOCKED') throw conflict('The campaign is BLOCKED (manual moderation)', { code: 'campaign_blocked' });
  if (c.status === 'PAUSED') await updateCampaign(table, c, { status: 'ACTIVE', pauseReason: null, pausedBy: null }, deps.clock.now());
  // After syncCampaign an ACTIVE campaign's task is paused only as the echo of the campaign's pause
  // (a resume that stopped between its writes): a repeated resume finishes it.
  if (c.status === 'PAUSED' || c.status === 'ACTIVE') {
    const task = await sendTaskOf(table, campaignId);
    if (task?.status === 'PAUSED') {
      await moveTask(table, task, { status: 'ACTIVE', pauseReason: null, resumedAt: new Date(deps.clock.now()).toISOString() }, deps.clock.now());
      await enqueueQueuedItems(deps, tenantId, campaignId);
    }
  }
  if (c.status === 'PAUSED') await logActivity(deps, table, campaignId, actor, 'resumed', null);
  breakerFor(aiProvider(deps.config.ai).name, deps.config.ai).reset();
  const aiRecovery = await retryAiFailures(deps, tenantId, campaignId, actor, { breakerCleared: true });
  return { ...campaignView(await getCampaignItem(table, campaignId)), aiRecovery };
}

/**
 * CREATIVE_FAILED (AI failures) → SCREENED. reason: `retried` (reset > 0), `same_provider` (the
 * provider's breaker is still open: retrying now would fail the same way), `already_recovered` (the
 * conveyor or an earlier call already moved them back), `nothing_to_retry`. reset = 0 is not a failure.
 * Audit failures stay CREATIVE_FAILED (they are not AI failures); `failureReasons` counts every reason.
 */
export async function retryAiFailures(
  deps: Deps,
  tenantId: string,
  campaignId: string,
  actor: Actor,
  opts: { breakerCleared?: boolean; prepare?: boolean } = {},
) {
  const table = deps.tenantTable(tenantId);
  const c = await getCampaignItem(table, campaignId);
  const failed: RecipientRecord[] = [];
  for (let cursor: string | undefined, i = 0; i < 100; i++) {
    const page = await recipientsIn(table, campaignId, 'CREATIVE_FAILED', 1000, cursor);
    failed.push(...page.items);
    if (!(cursor = page.cursor)) break;
  }
  const failureReasons: Record<string, number> = {};
  for (const r of failed) failureReasons[r.failureReason ?? 'unknown'] = (failureReasons[r.failureReason ?? 'unknown'] ?? 0) + 1;
  const ai = failed.filter((r) => r.failureReason === 'ai_unavailable');
  if (!ai.length) return { reset: 0, reason: c.aiRecoveredAt ? 'already_recovered' : 'nothing_to_retry', failureReasons };
  // The same provider is still failing: its breaker is open, or the campaign's own retryAt (set at the
  // outage) has not come yet. Retrying now would fail the same way (resume clears both).
  const health = breakerFor(aiProvider(deps.config.ai).name, deps.config.ai).health();
  const retryAt = c.operationalState === 'DEGRADED' && c.pipeline?.retryAt && Date.parse(c.pipeline.retryAt) > deps.clock.now() ? c.pipeline.retryAt : null;
  if (!opts.breakerCleared && (health.state === 'open' || retryAt))
    return { reset: 0, reason: 'same_provider', failureReasons, retryAt: health.state === 'open' ? (health.openUntil ?? retryAt) : retryAt };
  const now = deps.clock.now();
  const moves = ai.map((r): Move => ({ r, from: 'CREATIVE_FAILED', to: 'SCREENED', set: { failureReason: null, failureDetail: null } }));
  const reset = (await moveRecipients(table, campaignId, moves, now)).length;
  const fresh = await getCampaignItem(table, campaignId);
  await updateCampaign(table, fresh, { operationalState: 'NORMAL', primaryBlocker: null, pipeline: null, aiRecoveredAt: new Date(now).toISOString() }, now);
  await logActivity(deps, table, campaignId, actor, 'ai_failures_retried', 'retried', { reset });
  if (opts.prepare !== false && c.renderMode === 'PLATFORM' && reset > 0) await startPreparation(deps, tenantId, campaignId, actor);
  return { reset, reason: 'retried', failureReasons };
}

/** Sent, delivered, opened, clicked, replied (total and unique) from the campaign's send task counters. */
export async function campaignMetrics(deps: Deps, tenantId: string, campaignId: string) {
  const table = deps.tenantTable(tenantId);
  await getCampaignItem(table, campaignId);
  const task = await table.get<Item>(Task.key({ taskId: campaignId }));
  const n = (k: string) => Number(task?.[`n_${k}`] ?? 0);
  const sent = n('sent') + n('bounced');
  return {
    campaignId,
    sent,
    delivered: n('sent'),
    bounced: n('bounced'),
    opened: { total: n('opens'), unique: n('uniqueOpens') },
    clicked: { total: n('clicks'), unique: n('uniqueClicks') },
    replied: { total: n('replied'), unique: n('replied') },
    unsubscribed: n('unsubscribed'),
    queued: n('queued'),
    failed: n('failed'),
    rates: {
      openRate: sent ? n('uniqueOpens') / sent : 0,
      clickRate: sent ? n('uniqueClicks') / sent : 0,
      replyRate: sent ? n('replied') / sent : 0,
    },
  };
}

/** Read-only recipient counts by geo policy and by country (unscreened rows: from the address's ccTLD, marked provisional). */
export async function geoRisk(deps: Deps, tenantId: string, campaignId: string) {
  const table = deps.tenantTable(tenantId);
  await getCampaignItem(table, campaignId);
  const byPolicy: Record<GeoPolicy, number> = { allowed: 0, gdpr_disclosed: 0, opt_in_only: 0, manual_confirm: 0, unknown: 0 };
  const byCountry: Record<string, number> = {};
  let provisional = 0;
  let total = 0;
  for (let cursor: string | undefined, i = 0; i < 100; i++) {
    const page = await table.query<RecipientRecord>({ ...Recipient.query('primary', { campaignId }), skBeginsWith: 'RCPT#', limit: 1000, cursor });
    for (const r of page.items) {
      total++;
      const country = r.geoPolicy ? r.country : countryFromEmail(r.email);
      const policy = r.geoPolicy ?? geoPolicyOf(country);
      if (!r.geoPolicy) provisional++;
      byPolicy[policy]++;
      byCountry[country ?? 'unknown'] = (byCountry[country ?? 'unknown'] ?? 0) + 1;
    }
    if (!(cursor = page.cursor)) break;
  }
  return {
    campaignId,
    total,
    byPolicy,
    byCountry,
    provisional,
    policies: {
      allowed: 'cold email allowed (US and other countries)',
      gdpr_disclosed: 'GDPR zone: legitimate interest, the contact source is disclosed in the footer, easy opt-out',
      opt_in_only: 'DE/AT: opt-in only, skipped at screen (geo_opt_in_only)',
      manual_confirm: 'RU: prior consent needed, skipped at screen (geo_manual_confirm) until confirmed with evidence (campaigns_confirm_recipients)',
      unknown: 'no country on the contact, its company or the ccTLD',
    },
  };
}

/** One send item as an outbox task: attempt, lease, worker, sender profile, reason and its recorded history. */
export function outboxTask(it: SendItemRecord & Item, profileId: string | null) {
  const history: { at: string; event: string; detail?: unknown }[] = [{ at: it.createdAt, event: 'queued' }];
  const iso = (ms: unknown) => (typeof ms === 'number' ? new Date(ms).toISOString() : null);
  if (it.smtpStartedAt) history.push({ at: iso(it.smtpStartedAt)!, event: 'smtp_started' });
  if (it.recovered) history.push({ at: it.updatedAt, event: 'lease_recovered', detail: { ambiguousAttempts: it.ambiguousAttempts ?? 0 } });
  if (it.smtp && it.status === 'QUEUED') history.push({ at: it.updatedAt, event: 'deferred', detail: it.smtp });
  if (it.status !== 'QUEUED' && it.status !== 'SENDING')
    history.push({ at: (it.sentAt as string) ?? it.updatedAt, event: it.status.toLowerCase(), detail: it.smtp ?? it.reason ?? undefined });
  return {
    id: `${it.taskId}~${it.contactId}`,
    taskId: it.taskId,
    contactId: it.contactId,
    email: it.email,
    status: it.status,
    attemptNumber: it.attempts ?? 0,
    attemptLimit: MAX_ATTEMPTS,
    issuedAt: it.createdAt,
    leaseDeadline: iso(it.leaseUntil),
    workerId: it.workerId ?? null,
    profileId,
    reasonCode: it.reason ?? (it.smtp ? it.smtp.outcome : null),
    messageId: it.messageId ?? null,
    history,
  };
}

/** The campaign's outbox (its send task's items), newest state first, paged. */
export async function outboxHistory(deps: Deps, tenantId: string, campaignId: string, q: { limit: number; cursor?: string; status?: string }) {
  const table = deps.tenantTable(tenantId);
  await getCampaignItem(table, campaignId);
  const task = await sendTaskOf(table, campaignId);
  if (!task) return { campaignId, data: [], nextCursor: null };
  const page = await table.query<SendItemRecord & Item>({
    pk: `TASK#${campaignId}`,
    skBeginsWith: 'ITEM#',
    limit: q.limit,
    cursor: q.cursor,
    ...(q.status ? { filter: { expression: '#s = :s', names: { '#s': 'status' }, values: { ':s': q.status } } } : {}),
  });
  return { campaignId, data: page.items.map((it) => outboxTask(it, task.accountId ?? null)), nextCursor: page.cursor ?? null };
}

/** Everything an operator or agent needs at a glance: state, blocker, AI health, preparation, send task progress. */
export async function operationalStatus(deps: Deps, tenantId: string, campaignId: string) {
  const table = deps.tenantTable(tenantId);
  const { campaign: c, task: read } = await readCampaign(table, campaignId);
  const task = read ?? (await sendTaskOf(table, campaignId));
  const generation = c.activeGenerationId ? await table.get<GenerationRecord>(Generation.key({ campaignId, generationId: c.activeGenerationId })) : undefined;
  const ai = aiProvider(deps.config.ai);
  const outbox = await outboxHistory(deps, tenantId, campaignId, { limit: 50, status: 'QUEUED' });
  return {
    campaignId,
    status: c.status,
    pauseReason: c.pauseReason ?? null,
    operationalState: c.operationalState ?? 'NORMAL',
    primaryBlocker: c.primaryBlocker ?? null,
    pipeline: c.pipeline ?? { retryAt: null, lastError: null, provider: null },
    ai: breakerFor(ai.name, deps.config.ai).health(),
    preparation: generation ? { generationId: generation.generationId, status: generation.status, error: generation.error ?? null } : null,
    recipients: await countRecipients(table, c),
    sendTask: task
      ? { taskId: task.taskId, status: task.status, pauseReason: task.pauseReason ?? null, counters: taskView(task as unknown as Item).counters }
      : null,
    tasks: outbox.data,
  };
}
