import type { InboxCursor, InboxReader } from '../../platform/ports/inbox.js';
import { ConditionFailed } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { getEmailAccountItem } from '../senders/entities.js';
import { openInboxReader } from '../senders/inbox.js';
import { mailSessionFailure } from '../senders/mail-failure.js';
import { InboxSyncCursor } from './entities.js';
import { ingestMessage, type IngestOutcome, type IngestRun } from './ingest.js';
import { eventsCommitted } from '../../platform/events/outbox.js';

/** One sync holds its mailbox for at most this long (a crashed run's lease then expires). */
const LEASE_MS = 10 * 60_000;
const BATCH = 200;
/** Messages ingested at once within a batch (DynamoDB round trips overlap; threads are independent). */
const PARALLEL = 4;

export interface SyncResult {
  accountId: string;
  fetched: number;
  outcomes: Record<IngestOutcome, number>;
  reset: boolean;
  cursor: InboxCursor | null;
  skipped?: 'busy' | 'suspended' | 'not_found';
  error?: string;
}

/**
 * Reads a mailbox's INBOX from its stored cursor (UIDVALIDITY + last UID), ingests every new message
 * and moves the cursor after each batch, so a crash re-reads at most one batch (ingest de-duplicates).
 * A UIDVALIDITY change restarts from UID 1; ingest's per-Message-ID marker keeps dialogs free of
 * duplicates. One run per mailbox at a time (a lease on the cursor item); bounded by `maxMessages`.
 */
export async function syncMailbox(
  deps: Deps,
  tenantId: string,
  accountId: string,
  opts: { maxMessages?: number; reader?: InboxReader } = {},
): Promise<SyncResult> {
  const table = deps.tenantTable(tenantId);
  const outcomes: SyncResult['outcomes'] = { stored: 0, duplicate: 0, dsn: 0, own: 0, unparsable: 0 };
  const result: SyncResult = { accountId, fetched: 0, outcomes, reset: false, cursor: null };
  const account = await getEmailAccountItem(table, accountId);
  if (!account) return { ...result, skipped: 'not_found' };
  if (account.status === 'SUSPENDED') return { ...result, skipped: 'suspended' };
  const key = InboxSyncCursor.key({ accountId });
  const runId = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  const now = deps.clock.now();
  let stored: { uidValidity?: string; lastUid?: number } | undefined;
  try {
    stored = await table.update(key, {
      set: { leaseUntil: now + LEASE_MS, runId, entity: InboxSyncCursor.name, _v: InboxSyncCursor.version, accountId },
      condition: { expression: 'attribute_not_exists(leaseUntil) OR leaseUntil < :now', values: { ':now': now } },
    });
  } catch (e) {
    if (e instanceof ConditionFailed) return { ...result, skipped: 'busy' };
    throw e;
  }
  let cursor: InboxCursor | undefined = stored?.uidValidity ? { uidValidity: stored.uidValidity, lastUid: Number(stored.lastUid ?? 0) } : undefined;
  const max = opts.maxMessages ?? 5000;
  let reader = opts.reader;
  const run: IngestRun = { contacts: new Map(), deferNudge: true };
  try {
    reader ??= await openInboxReader(deps, tenantId, accountId);
    for (let round = 0; round < 1000 && result.fetched < max; round++) {
      const limit = Math.min(BATCH, max - result.fetched);
      let batch: Awaited<ReturnType<InboxReader['fetchSince']>>;
      try {
        batch = await reader.fetchSince(cursor, { limit });
      } catch (e) {
        // The server dropped an idle connection while the previous batch was being stored: log in again (the cursor is saved).
        if (opts.reader) throw e;
        log.info('IMAP connection lost; reconnecting', { accountId, message: (e as Error).message });
        await reader.close().catch(() => undefined);
        reader = await openInboxReader(deps, tenantId, accountId);
        batch = await reader.fetchSince(cursor, { limit });
      }
      if (batch.reset) {
        result.reset = true;
        log.info('UIDVALIDITY changed: re-reading the mailbox', { accountId, was: cursor?.uidValidity, now: batch.cursor.uidValidity });
      }
      for (let i = 0; i < batch.messages.length; i += PARALLEL) {
        const slice = batch.messages.slice(i, i + PARALLEL);
        const got = await Promise.all(slice.map((m) => ingestMessage(deps, tenantId, account, m.raw, m.uid, run)));
        for (const o of got) outcomes[o]++;
      }
      if (batch.messages.length) await eventsCommitted(deps, tenantId);
      result.fetched += batch.messages.length;
      cursor = batch.cursor;
      await table.update(key, {
        set: { uidValidity: cursor.uidValidity, lastUid: cursor.lastUid, leaseUntil: deps.clock.now() + LEASE_MS },
        condition: { expression: 'runId = :r', values: { ':r': runId } },
      });
      if (!batch.more) break;
    }
    result.cursor = cursor ?? null;
    await table.update(key, {
      set: { lastSyncAt: new Date(deps.clock.now()).toISOString(), lastResult: { fetched: result.fetched, ...outcomes, reset: result.reset }, lastError: null },
      remove: ['leaseUntil', 'runId'],
      condition: { expression: 'runId = :r', values: { ':r': runId } },
    });
    return result;
  } catch (e) {
    // The answer and the stored lastError say what failed in our words; the server's own text goes to the log only.
    log.warn('inbox sync failed', { accountId, error: (e as Error)?.name, code: (e as { code?: string })?.code, message: (e as Error)?.message });
    const message = mailSessionFailure(e, 'imap');
    await table
      .update(key, { set: { lastError: message, lastErrorAt: new Date(deps.clock.now()).toISOString() }, remove: ['leaseUntil', 'runId'] })
      .catch(() => undefined);
    return { ...result, cursor: cursor ?? null, error: message };
  } finally {
    if (!opts.reader) await reader?.close().catch(() => undefined);
  }
}
