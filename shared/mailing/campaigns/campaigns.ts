import type * as z from 'zod';
import { conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import type { ItemOf } from '../../platform/data/entity.js';
import { ConditionFailed, type Item, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { getCreativeItem } from '../creatives/creatives.js';
import { mergeSendWindow, type SendWindow, type SendWindowPatch } from '../../workspace/settings/send-window.js';
import { Task } from '../tasks/entities.js';
import { Activity, actorSchema, Campaign, type CampaignRecord, type RenderMode } from './entities.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Who acted (a key, a user, the system conveyor, a platform admin): declared once, on the entities. */
export type Actor = z.infer<typeof actorSchema>;

/** A campaign as answered: its id and its answered attributes (the per-state counters are answered as `recipients` by the reads that count). */
export const campaignView = (c: CampaignRecord) => ({ id: c.campaignId, ...Campaign.view(c) });

export async function getCampaignItem(table: TableStore, id: string): Promise<CampaignRecord> {
  if (!ID.test(id)) throw notFound('Campaign');
  const item = await table.get<CampaignRecord>(Campaign.key({ campaignId: id }));
  if (!item || !Campaign.is(item)) throw notFound('Campaign');
  return item;
}

export async function createCampaign(
  table: TableStore,
  input: {
    name: string;
    renderMode: RenderMode;
    creativeIds: string[];
    briefId?: string;
    sendWindow?: SendWindowPatch;
    senderConfig?: CampaignRecord['senderConfig'];
  },
  now: number,
  campaignId = newId(now),
) {
  // Every creative must exist; the linked brief is the given one, else the first creative's.
  let briefId = input.briefId ?? null;
  for (const id of input.creativeIds) {
    const c = await getCreativeItem(table, id);
    briefId ??= (c.briefId as string) ?? null;
  }
  const at = new Date(now).toISOString();
  const record: CampaignRecord = {
    campaignId,
    name: input.name,
    renderMode: input.renderMode,
    creativeIds: input.creativeIds,
    briefId,
    ...(input.sendWindow ? { sendWindow: mergeSendWindow(undefined, input.sendWindow) } : {}),
    ...(input.senderConfig ? { senderConfig: input.senderConfig } : {}),
    status: 'DRAFT',
    label: 'CAMPAIGN_DRAFT',
    pauseReason: null,
    operationalState: 'NORMAL',
    primaryBlocker: null,
    pipeline: null,
    auditIterations: 0,
    activeGenerationId: null,
    guaranteeAcceptanceId: null,
    aiRecoveredAt: null,
    stateCounters: true,
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  await table.put(Campaign.item({ campaignId, createdAt: at }, record), { expression: 'attribute_not_exists(pk)' });
  return record;
}

/**
 * The campaign as its readers see it, computed, never written: an ACTIVE campaign whose send task the
 * send engine paused (insufficient_balance, a sender problem) reads PAUSED with the task's reason.
 * The conveyor, send, pause and resume persist it (syncCampaign).
 */
/** The send task's pause reason when the campaign itself paused it. */
export const CAMPAIGN_PAUSED = 'campaign_paused';

export function withTaskPause(c: CampaignRecord, task: { status?: string; pauseReason?: string | null } | undefined): CampaignRecord {
  // A task paused for `campaign_paused` only echoes the campaign's own pause: while a resume is
  // between its two writes (campaign ACTIVE, task not yet) it must not pause the campaign again.
  if (c.status !== 'ACTIVE' || task?.status !== 'PAUSED' || task.pauseReason === CAMPAIGN_PAUSED) return c;
  return { ...c, status: 'PAUSED', pauseReason: task.pauseReason ?? 'send_task_paused', pausedBy: { kind: 'system' } };
}

export async function listCampaigns(table: TableStore, q: { limit: number; cursor?: string; status?: string }) {
  const page = await table.query<CampaignRecord>({
    ...Campaign.query('byCreated', {}),
    descending: true,
    limit: q.limit,
    cursor: q.cursor,
    ...(q.status ? { filter: { expression: '#s = :s', names: { '#s': 'status' }, values: { ':s': q.status } } } : {}),
  });
  return { data: (await withSendTaskPauses(table, page.items)).map(campaignView), nextCursor: page.cursor ?? null };
}

/** Campaigns as their readers see them: ACTIVE ones as their send task left them (one BatchGet of those tasks; nothing written). */
export async function withSendTaskPauses(table: TableStore, campaigns: CampaignRecord[]): Promise<CampaignRecord[]> {
  const active = campaigns.filter((c) => c.status === 'ACTIVE');
  const tasks = new Map(
    active.length ? (await table.batchGet<Item>(active.map((c) => Task.key({ taskId: c.campaignId })))).map((t) => [String(t.taskId), t]) : [],
  );
  return campaigns.map((c) => withTaskPause(c, tasks.get(c.campaignId)));
}

/** Optimistic update of a campaign (version condition); 409 campaign_changed when it moved meanwhile. */
export async function updateCampaign(
  table: TableStore,
  c: { campaignId: string; version: number },
  set: Record<string, unknown>,
  now: number,
  extra: { add?: Record<string, number> } = {},
) {
  try {
    return await table.update<CampaignRecord>(Campaign.key({ campaignId: c.campaignId }), {
      set: { ...set, updatedAt: new Date(now).toISOString() },
      add: { version: 1, ...(extra.add ?? {}) },
      condition: { expression: 'version = :v', values: { ':v': c.version } },
    });
  } catch (e) {
    if (e instanceof ConditionFailed) throw conflict('Campaign changed meanwhile; retry', { code: 'campaign_changed' });
    throw e;
  }
}

/** PATCH: name, creativeIds and an atomic sendWindow merge (omitted fields kept); the owned send task follows the window. */
export async function patchCampaign(
  table: TableStore,
  id: string,
  patch: { name?: string; creativeIds?: string[]; sendWindow?: SendWindowPatch; senderConfig?: CampaignRecord['senderConfig'] },
  now: number,
) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const c = await getCampaignItem(table, id);
    if (patch.creativeIds) for (const cid of patch.creativeIds) await getCreativeItem(table, cid);
    const set: Record<string, unknown> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.creativeIds) set.creativeIds = patch.creativeIds;
    if (patch.senderConfig) set.senderConfig = patch.senderConfig;
    let window: SendWindow | undefined;
    if (patch.sendWindow) set.sendWindow = window = mergeSendWindow(c.sendWindow, patch.sendWindow);
    try {
      const after = await updateCampaign(table, c, set, now);
      if (window) await syncTaskWindow(table, id, window);
      return after;
    } catch (e) {
      if (!(e as { body?: { code?: string } }).body || (e as { body: { code?: string } }).body.code !== 'campaign_changed') throw e;
    }
  }
  throw conflict('Campaign changed meanwhile; retry', { code: 'campaign_changed' });
}

async function syncTaskWindow(table: TableStore, campaignId: string, sendWindow: SendWindow) {
  await table.update(Task.key({ taskId: campaignId }), { set: { sendWindow }, condition: { expression: 'attribute_exists(pk)' } }).catch((e) => {
    if (!(e instanceof ConditionFailed)) throw e;
  });
}

export async function deleteCampaign(table: TableStore, id: string) {
  const c = await getCampaignItem(table, id);
  if (c.status === 'ACTIVE') throw conflict('An ACTIVE campaign cannot be deleted: pause it first', { code: 'campaign_active', status: c.status });
  try {
    await table.delete(Campaign.key({ campaignId: id }), { expression: '#s <> :a', names: { '#s': 'status' }, values: { ':a': 'ACTIVE' } });
  } catch (e) {
    if (e instanceof ConditionFailed) throw conflict('An ACTIVE campaign cannot be deleted: pause it first', { code: 'campaign_active' });
    throw e;
  }
  // Recipients, generations and the log go with it (bounded pages); the send tasks keep their history.
  const testTasks: string[] = [];
  for (let i = 0; i < 100; i++) {
    const page = await table.query({ pk: `CAMPAIGN#${id}`, limit: 100 });
    if (!page.items.length) break;
    for (const it of page.items) if (String(it.sk).startsWith('TESTREQ#')) testTasks.push(it.taskId as string);
    await Promise.all(page.items.map((it) => table.delete({ pk: it.pk as string, sk: it.sk as string })));
  }
  /** Its send tasks: the campaign's own (taskId = campaign id) and its owner tests. */
  return { sendTaskIds: [id, ...testTasks] };
}

/** Appends a log line: who (a key, a user, the system conveyor), what and why. */
export async function logActivity(
  deps: Deps,
  table: TableStore,
  campaignId: string,
  actor: Actor,
  action: string,
  reason: string | null,
  detail: Record<string, unknown> = {},
) {
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const activityId = newId(now);
  await table.put(Activity.item({ campaignId, at, activityId }, { campaignId, activityId, at, actor, action, reason, detail }));
}

export async function listActivity(table: TableStore, campaignId: string, q: { limit: number; cursor?: string }) {
  await getCampaignItem(table, campaignId);
  const page = await table.query<ItemOf<typeof Activity>>({ ...Activity.query('primary', { campaignId }), descending: true, limit: q.limit, cursor: q.cursor });
  return {
    data: page.items.map((i) => ({ id: i.activityId, at: i.at, actor: i.actor, action: i.action, reason: i.reason ?? null, detail: i.detail ?? {} })),
    nextCursor: page.cursor ?? null,
  };
}

/**
 * Manual moderation of a BLOCKED campaign (admin console): `release` gives it a fresh audit budget
 * (iterations counted from zero) and puts it back to PAUSED (DRAFT if it never sent), to be resumed by
 * its owner; `keep` leaves it BLOCKED. Both are logged with the admin as actor.
 */
export async function moderateCampaign(deps: Deps, table: TableStore, id: string, action: 'release' | 'keep', note: string, admin: string) {
  const c = await getCampaignItem(table, id);
  if (c.status !== 'BLOCKED')
    throw conflict(`Campaign is ${c.status}; only a BLOCKED campaign is moderated`, { code: 'campaign_not_blocked', status: c.status });
  const actor = { kind: 'platform-admin', id: admin };
  if (action === 'keep') {
    await logActivity(deps, table, id, actor, 'moderation_kept_blocked', note);
    return campaignView(c);
  }
  const activated = !!c.activatedAt;
  const after = await updateCampaign(
    table,
    c,
    {
      status: activated ? 'PAUSED' : 'DRAFT',
      label: activated ? null : 'CAMPAIGN_DRAFT',
      pauseReason: activated ? 'moderation_released' : null,
      primaryBlocker: null,
      auditIterations: 0,
    },
    deps.clock.now(),
  );
  await logActivity(deps, table, id, actor, 'moderation_released', note);
  return campaignView(after);
}
