import { Campaign, type CampaignRecord } from '../campaigns/entities.js';
import { blockedCampaigns, heldCampaigns, WAITING_CAMPAIGNS } from '../campaigns/waiting.js';
import { Creative } from '../creatives/entities.js';
import { approvedRevisions, type CreativeContent } from '../creatives/revisions.js';
import type { Item, QuerySpec, TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { Task, type TaskActor } from './entities.js';
import { taskView, withCurrentApproval } from './tasks.js';

/** Pages read per kind at most (100 items each): the queue answers what is waiting, not an archive. */
const MAX_PAGES = 5;
const PAGE = 100;

async function queryAll(table: TableStore, spec: QuerySpec): Promise<Item[]> {
  const out: Item[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await table.query<Item>({ ...spec, limit: PAGE, cursor });
    out.push(...res.items);
    cursor = res.cursor;
    if (!cursor) break;
  }
  return out;
}

const contentOf = (c: Item | undefined): CreativeContent | null => (c ? { subject: String(c.subject ?? ''), bodyHtml: String(c.bodyHtml ?? '') } : null);

/**
 * Mailing tasks awaiting a person's approval: the open tasks of the review index (gsi3 TASKREVIEW;
 * ended tasks leave it), PENDING as a view reads them (an edit of the approved creative makes an
 * approved task PENDING at once). A task reset by content drift carries the approved content (kept
 * at approval) and the current one, for a diff.
 */
async function pendingTasks(table: TableStore) {
  const open = (await queryAll(table, { ...Task.query('inReview', {}), descending: true })).map(taskView);
  const pending = (await withCurrentApproval(table, open)).filter(
    (t) => t.approvalStatus === 'PENDING' && ['DRAFT', 'ACTIVE', 'PAUSED'].includes(t.status) && !t.owner,
  );
  const creativeIds = [...new Set(pending.flatMap((t) => (t.creativeId ? [t.creativeId] : [])))];
  const creatives = new Map((await table.batchGet<Item>(creativeIds.map((creativeId) => Creative.key({ creativeId })))).map((c) => [c.id as string, c]));
  const drifted = pending.filter((t) => t.approvalResetReason === 'creative_changed' && t.approval?.creativeVersion != null && t.creativeId);
  const wanted = [
    ...new Map(
      drifted.map((t) => [`${t.creativeId}#${t.approval!.creativeVersion}`, { creativeId: t.creativeId!, contentVersion: t.approval!.creativeVersion! }]),
    ).values(),
  ];
  const kept = await approvedRevisions(table, wanted);
  return pending.map((t) => {
    const creative = t.creativeId ? creatives.get(t.creativeId) : undefined;
    const drift = drifted.includes(t)
      ? {
          approvedVersion: t.approval!.creativeVersion,
          currentVersion: (creative?.contentVersion as number) ?? null,
          approved: kept.get(`${t.creativeId}#${t.approval!.creativeVersion}`) ?? null,
          current: contentOf(creative),
        }
      : null;
    return {
      id: t.id,
      description: t.description,
      status: t.status,
      approvalStatus: t.approvalStatus,
      approvalResetReason: t.approvalResetReason ?? null,
      creativeId: t.creativeId ?? null,
      creativeName: (creative?.name as string) ?? null,
      accountId: t.accountId ?? null,
      contactListId: t.contactListId ?? null,
      createdAt: t.createdAt,
      createdBy: t.createdBy ?? null,
      lastApproval: t.approval ? { by: t.approval.by, note: t.approval.note, at: t.approval.at } : null,
      drift,
    };
  });
}

/** Channel creatives awaiting moderation (moderationStatus PENDING): a filtered read of the creatives index. */
async function creativesInModeration(table: TableStore) {
  const items = await queryAll(table, {
    ...Creative.query('byCreated', {}),
    descending: true,
    filter: { expression: 'moderationStatus = :p', values: { ':p': 'PENDING' } },
  });
  return items.map((c) => ({
    id: c.id as string,
    name: c.name as string,
    type: c.type as string,
    subject: String(c.subject ?? ''),
    updatedAt: c.updatedAt as string,
    createdBy: (c.createdBy as TaskActor | undefined) ?? null,
  }));
}

/**
 * Everything in a workspace waiting for a person: mailing tasks to approve, channel creatives to
 * moderate, BLOCKED campaigns and campaigns held by a send gate (one filtered read of the campaigns
 * index serves both campaign kinds).
 */
export async function listApprovals(deps: Deps, tenantId: string) {
  const table = deps.tenantTable(tenantId);
  const waitingCampaigns = async () => {
    const waiting = (await queryAll(table, { ...Campaign.query('byCreated', {}), descending: true, filter: WAITING_CAMPAIGNS })) as unknown as CampaignRecord[];
    const [blocked, held] = await Promise.all([blockedCampaigns(table, waiting), heldCampaigns(deps, tenantId, waiting)]);
    return { blocked, ...held };
  };
  const [tasks, creatives, campaigns] = await Promise.all([pendingTasks(table), creativesInModeration(table), waitingCampaigns()]);
  return {
    count: tasks.length + creatives.length + campaigns.blocked.length + campaigns.held.length,
    tasks,
    creatives,
    campaigns: campaigns.blocked,
    heldCampaigns: campaigns.held,
    heldCampaignsTruncated: campaigns.truncated,
  };
}
