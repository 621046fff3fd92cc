/** A campaign's state: read with its send task's pause, synced, paused (resumed and AI failures retried: recovery.ts). */
import { conflict } from '../../platform/errors.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { getTaskItem } from '../tasks/tasks.js';
import { pauseTask } from '../sending/gates.js';
import { type CampaignRecord } from './entities.js';
import { CAMPAIGN_PAUSED, campaignView, getCampaignItem, logActivity, updateCampaign, withTaskPause, type Actor } from './campaigns.js';
import { countRecipients } from './recipients.js';

/** The campaign's send task (its id is the campaign's), or undefined before the first send. */
export const sendTaskOf = (table: TableStore, campaignId: string) => getTaskItem(table, campaignId).catch(() => undefined);

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
export async function pauseCampaign(deps: Deps, tenantId: string, campaignId: string, actor: Actor, note?: string) {
  const table = deps.tenantTable(tenantId);
  const c = await syncCampaign(deps, tenantId, campaignId);
  if (c.status === 'PAUSED') return campaignView(c);
  if (c.status !== 'ACTIVE') throw conflict(`Campaign is ${c.status}; only an ACTIVE campaign pauses`, { code: 'campaign_not_active', status: c.status });
  const after = await updateCampaign(table, c, { status: 'PAUSED', pauseReason: 'manual', pausedBy: actor }, deps.clock.now());
  await pauseTask(deps, tenantId, { taskId: campaignId }, CAMPAIGN_PAUSED);
  await logActivity(deps, table, campaignId, actor, 'paused', 'manual', note ? { note } : {});
  return campaignView(after);
}
