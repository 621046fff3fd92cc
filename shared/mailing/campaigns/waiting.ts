import type { Condition, Item, TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { TaskActor } from '../tasks/entities.js';
import { withSendTaskPauses } from './campaigns.js';
import type { CampaignRecord } from './entities.js';
import { recipientsIn, stateCountAttr } from './recipients.js';
import { blockingGates, gateInputs } from './send.js';

/** Prepared campaigns whose gates one read of the approvals queue evaluates at most (newest first). */
export const HELD_CHECKED = 20;

/**
 * The filter of the campaigns index (gsi1 CAMPAIGNS) that keeps what may wait for a person: BLOCKED
 * campaigns, and campaigns whose next step is a send (DRAFT, ACTIVE or PAUSED) with READY recipients
 * by their counters (or without counters: created before them, checked by one read of their READY
 * partition). Evaluated by DynamoDB: the other campaigns are read, never answered.
 */
export const WAITING_CAMPAIGNS: Condition = {
  expression: '#s = :blocked OR (#s IN (:draft, :active, :paused) AND (#ready > :zero OR attribute_not_exists(stateCounters)))',
  names: { '#s': 'status', '#ready': stateCountAttr('READY') },
  values: { ':blocked': 'BLOCKED', ':draft': 'DRAFT', ':active': 'ACTIVE', ':paused': 'PAUSED', ':zero': 0 },
};

/** Who created a campaign: the actor of the first entry of its activity log (one Query of one item). */
async function creatorOf(table: TableStore, campaignId: string): Promise<TaskActor | null> {
  const first = await table.query<Item>({ pk: `CAMPAIGN#${campaignId}`, skBeginsWith: 'ACT#', limit: 1 });
  const actor = first.items[0]?.actor as { kind: string; id?: string } | undefined;
  if (!actor) return null;
  return { kind: actor.kind, ...(actor.kind === 'key' && actor.id ? { keyId: actor.id } : actor.id ? { userId: actor.id } : {}) };
}

/** BLOCKED campaigns (manual moderation by the platform), with who created them. */
export async function blockedCampaigns(table: TableStore, waiting: CampaignRecord[]) {
  return Promise.all(
    waiting
      .filter((c) => c.status === 'BLOCKED')
      .map(async (c) => ({
        id: c.campaignId,
        name: c.name,
        status: c.status,
        primaryBlocker: c.primaryBlocker ?? null,
        updatedAt: c.updatedAt,
        createdBy: await creatorOf(table, c.campaignId),
      })),
  );
}

const readyCount = async (table: TableStore, c: CampaignRecord) =>
  c.stateCounters
    ? Math.max(0, Number((c as unknown as Record<string, unknown>)[stateCountAttr('READY')] ?? 0))
    : (await recipientsIn(table, c.campaignId, 'READY', 1)).items.length;

/**
 * Campaigns held by a send gate: prepared (READY recipients), the next step a send, and at least one
 * blocking gate of sendReadiness failing (no mailbox that can send, balance, footer address, a pause
 * the send engine put on them). A campaign a person paused by hand is their own decision, not a gate,
 * and is left out; so is a campaign whose gates all pass (it waits for nobody). Only the newest
 * HELD_CHECKED prepared campaigns are evaluated, with the workspace's shared reads (balance, company
 * profile, sender) done once for all of them; `truncated` says that older ones were not checked.
 */
export async function heldCampaigns(deps: Deps, tenantId: string, waiting: CampaignRecord[]) {
  const prepared = waiting.filter((c) => c.status !== 'BLOCKED');
  const inputs = gateInputs(deps, tenantId);
  const table = inputs.table;
  const checked = await withSendTaskPauses(table, prepared.slice(0, HELD_CHECKED));
  const held = await Promise.all(
    checked.map(async (c) => {
      if (c.status === 'PAUSED' && c.pauseReason === 'manual') return null;
      const ready = await readyCount(table, c);
      if (!ready) return null;
      const failing = (await blockingGates(inputs, c, ready)).gates.filter((g) => !g.ok);
      if (!failing.length) return null;
      return {
        id: c.campaignId,
        name: c.name,
        status: c.status,
        ready,
        blockers: failing.map((g) => ({ gate: g.gate, reasonCode: g.reasonCode! })),
        updatedAt: c.updatedAt,
        createdBy: await creatorOf(table, c.campaignId),
      };
    }),
  );
  return { held: held.filter((h) => h !== null), truncated: prepared.length > HELD_CHECKED };
}
