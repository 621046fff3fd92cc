/** A campaign's send items as outbox tasks: their history and the campaign's operational status. */
import type { Item } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { aiProvider, breakerFor } from '../../platform/ai/provider.js';
import { type SendItemRecord } from '../tasks/entities.js';
import { taskView } from '../tasks/tasks.js';
import { MAX_ATTEMPTS } from '../sending/settings.js';
import { getCampaignItem } from './campaigns.js';
import { countRecipients } from './recipients.js';
import type { GenerationRecord } from './preparation-runs.js';
import { Generation } from './entities.js';
import { readCampaign, sendTaskOf } from './lifecycle.js';
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
