import { notFound, serviceUnavailable } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { EmailAccount, getEmailAccountItem, type EmailAccountItem } from '../senders/entities.js';
import { InboxSyncJob, InboxSyncJobResult } from './entities.js';
import type { SyncResult } from './sync.js';

// On-demand inbox syncs (dialogs_sync) as jobs: reading a mailbox over IMAP and parsing its MIME is
// long work that needs imapflow and mailparser (~2 MB bundled), so the operation only queues one
// `sync-mailbox` message per mailbox and answers the job; the inbox worker runs the sync and writes
// each mailbox's result beside the job, which dialogs_sync_status answers. Nothing here imports the
// sync itself (issue 25).

/** The inbox queue (SQS `inbox` + DLQ in AWS): scheduled and on-demand mailbox syncs, sequence runs. */
export const INBOX_QUEUE = 'inbox';

export type InboxMessage =
  /** Read one mailbox from its cursor (bounded per message; the next schedule continues); `jobId`: an on-demand sync to report to. */
  | { type: 'sync-mailbox'; tenantId: string; accountId: string; jobId?: string }
  /** Hand one tenant's due sequence steps to the send engine. */
  | { type: 'sequence-tenant'; tenantId: string };

/** An on-demand sync reads at most this many messages per mailbox (the schedule, or another sync, continues from the cursor). */
export const ON_DEMAND_MAX_MESSAGES = 200;
/** A job and its results are kept this long (DynamoDB TTL), long enough for any poll. */
const JOB_TTL_S = 24 * 3600;
/** Mailboxes read by one sync of every mailbox: 20 pages of 100, as the schedule's fan-out reads them. */
const MAX_PAGES = 20;

const iso = (ms: number) => new Date(ms).toISOString();

/** The tenant's mailboxes a sync of every mailbox reads (all but SUSPENDED), in creation order. */
async function activeMailboxes(table: TableStore) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const page = await table.query<EmailAccountItem>({ ...EmailAccount.query('byCreated', {}), limit: 100, cursor });
    ids.push(...page.items.filter((a) => a.status !== 'SUSPENDED').map((a) => a.id));
    cursor = page.cursor;
    if (!cursor) break;
  }
  return ids;
}

export interface SyncJobView {
  jobId: string;
  status: 'queued' | 'running' | 'completed';
  requestedAt: string;
  finishedAt: string | null;
  mailboxes: number;
  data: SyncResult[];
}

function jobView(job: { jobId: string; accountIds: string[]; requestedAt: string }, results: (SyncResult & { finishedAt: string })[]): SyncJobView {
  const byAccount = new Map(results.map((r) => [r.accountId, r]));
  const done = job.accountIds.flatMap((id) => {
    const r = byAccount.get(id);
    return r ? [r] : [];
  });
  const completed = done.length === job.accountIds.length;
  return {
    jobId: job.jobId,
    status: completed ? 'completed' : done.length ? 'running' : 'queued',
    requestedAt: job.requestedAt,
    finishedAt: completed
      ? (done
          .map((r) => r.finishedAt)
          .sort()
          .at(-1) ?? job.requestedAt)
      : null,
    mailboxes: job.accountIds.length,
    data: done.map(({ finishedAt: _, ...r }) => r),
  };
}

/**
 * Queues a sync of one mailbox (404 when it is unknown) or of every active one, and answers the job.
 * The results are those the inline sync answered (a mailbox read by another run at the time is
 * `skipped: busy`, a suspended one `skipped: suspended`).
 */
export async function requestInboxSync(deps: Deps, tenant: { tenantId: string; table: TableStore }, accountId?: string) {
  const queue = deps.queue;
  if (!queue) throw serviceUnavailable('The inbox queue is not configured');
  const { table, tenantId } = tenant;
  if (accountId && !(await getEmailAccountItem(table, accountId))) throw notFound('Email account');
  const accountIds = accountId ? [accountId] : await activeMailboxes(table);
  const now = deps.clock.now();
  const job = { jobId: newId(now), accountIds, requestedAt: iso(now) };
  await table.put(InboxSyncJob.item({ jobId: job.jobId }, { ...job, ttl: Math.floor(now / 1000) + JOB_TTL_S }));
  for (let i = 0; i < accountIds.length; i += 10)
    await Promise.all(
      accountIds
        .slice(i, i + 10)
        .map((id) => queue.send(INBOX_QUEUE, { type: 'sync-mailbox', tenantId, accountId: id, jobId: job.jobId } satisfies InboxMessage)),
    );
  return jobView(job, []);
}

/** The inbox worker's report of one mailbox of a job (a redelivered message overwrites it with the later run's result). */
export async function recordSyncJobResult(table: TableStore, jobId: string, result: SyncResult, now: number) {
  await table.put(
    InboxSyncJobResult.item({ jobId, accountId: result.accountId }, { ...result, jobId, finishedAt: iso(now), ttl: Math.floor(now / 1000) + JOB_TTL_S }),
  );
}

/** A job with the results of the mailboxes read so far, in the order they were queued. 404 when unknown or expired. */
export async function getSyncJob(table: TableStore, jobId: string): Promise<SyncJobView> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < MAX_PAGES + 1; i++) {
    // The whole partition: the job item (sk JOB) and its results (sk ACCOUNT#…).
    const page = await table.query({ pk: InboxSyncJob.key({ jobId }).pk, limit: 100, cursor });
    items.push(...page.items);
    cursor = page.cursor;
    if (!cursor) break;
  }
  const job = items.find((i) => InboxSyncJob.is(i));
  if (!job) throw notFound('Inbox sync');
  const results = items.filter((i) => InboxSyncJobResult.is(i));
  const strip = ({ pk: _p, sk: _s, entity: _e, _v: _w, jobId: _j, ttl: _t, ...r }: Record<string, unknown>) =>
    r as unknown as SyncResult & { finishedAt: string };
  return jobView(job as unknown as { jobId: string; accountIds: string[]; requestedAt: string }, results.map(strip));
}
