import { badRequest, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import type { Item } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import type { SendItemRecord } from '../tasks/entities.js';
import { getItem, moveItem } from '../sending/items.js';
import { checkCompletion } from '../sending/complete.js';
import { OutboxSnapshot } from './entities.js';

/** Skip preview and skip execution: up to 10 outbox tasks (send items) per call (spec Limits). */
export const SKIP_MAX = 10;
/** What dialogs_outbox_skip did with each send of the snapshot. */
export const SKIP_OUTCOMES = ['skipped', 'already_skipped', 'excluded', 'not_skippable'] as const;
type SkipOutcome = (typeof SKIP_OUTCOMES)[number];
const SNAPSHOT_TTL_MS = 3_600_000;

const parseId = (id: string) => {
  const m = /^([A-Za-z0-9_-]{1,64})~([A-Za-z0-9_-]{1,64})$/.exec(id);
  return m ? { taskId: m[1], contactId: m[2] } : undefined;
};

/**
 * Dry run: which of the given outbox tasks (`<taskId>~<contactId>`, as outbox history lists them) would
 * be skipped — only those still QUEUED (not yet handed to SMTP) and not excluded. The answer's
 * `snapshot` freezes that selection for dialogs_outbox_skip.
 */
export async function skipPreview(deps: Deps, tenantId: string, body: { taskIds: string[]; excludeIds: string[] }) {
  const table = deps.tenantTable(tenantId);
  const excluded = new Set(body.excludeIds);
  const wouldSkip: { id: string; email: string | null; status: string }[] = [];
  const notSkippable: { id: string; status: string }[] = [];
  for (const id of body.taskIds) {
    if (excluded.has(id)) continue;
    const ref = parseId(id);
    const it = ref ? await getItem(table, ref.taskId, ref.contactId) : undefined;
    if (!it) notSkippable.push({ id, status: 'NOT_FOUND' });
    else if (it.status !== 'QUEUED') notSkippable.push({ id, status: it.status });
    else wouldSkip.push({ id, email: it.email, status: it.status });
  }
  const now = deps.clock.now();
  const snapshotId = newId(now);
  await table.put(
    OutboxSnapshot.item(
      { snapshotId },
      {
        snapshotId,
        ids: wouldSkip.map((w) => w.id),
        createdAt: new Date(now).toISOString(),
        expiresAtMs: now + SNAPSHOT_TTL_MS,
        ttl: Math.floor((now + SNAPSHOT_TTL_MS) / 1000),
      },
    ),
  );
  return { snapshot: snapshotId, count: wouldSkip.length, wouldSkip, notSkippable, expiresAt: new Date(now + SNAPSHOT_TTL_MS).toISOString() };
}

/**
 * Executes a preview's snapshot: each QUEUED item becomes SKIPPED with the reason (its counters move
 * in the same transaction), ≤ 10 per call from `cursor`; `nextCursor` continues. A replay (after a
 * 429 or a lost answer) finds the items already SKIPPED and reports them as such.
 */
export async function skipExecute(deps: Deps, tenantId: string, body: { snapshot: string; reason: string; cursor?: string; excludeIds: string[] }) {
  const table = deps.tenantTable(tenantId);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(body.snapshot)) throw notFound('Snapshot');
  const snap = await table.get<Item & { ids: string[]; expiresAtMs: number }>(OutboxSnapshot.key({ snapshotId: body.snapshot }));
  if (!snap || snap.expiresAtMs < deps.clock.now()) throw notFound('Snapshot');
  const start = body.cursor === undefined ? 0 : Number(body.cursor);
  if (!Number.isInteger(start) || start < 0 || start > snap.ids.length) throw badRequest(['cursor must be a nextCursor of this snapshot']);
  const excluded = new Set(body.excludeIds);
  const slice = snap.ids.slice(start, start + SKIP_MAX);
  const results: { id: string; outcome: SkipOutcome; status?: string }[] = [];
  const tasks = new Set<string>();
  for (const id of slice) {
    if (excluded.has(id)) {
      results.push({ id, outcome: 'excluded' });
      continue;
    }
    const ref = parseId(id)!;
    const at = new Date(deps.clock.now()).toISOString();
    const ok = await moveItem(
      table,
      ref.taskId,
      ref.contactId,
      {
        set: { status: 'SKIPPED', reason: 'manual_skip', skipNote: body.reason, updatedAt: at },
        remove: ['gsi2pk', 'gsi2sk', 'dueAt'],
        condition: { expression: '#s = :q', names: { '#s': 'status' }, values: { ':q': 'QUEUED' } },
      },
      { skipped: 1, queued: -1 },
    );
    if (ok) {
      results.push({ id, outcome: 'skipped' });
      tasks.add(ref.taskId);
      continue;
    }
    const it = (await getItem(table, ref.taskId, ref.contactId)) as (SendItemRecord & Item) | undefined;
    results.push({ id, outcome: it?.status === 'SKIPPED' && it.reason === 'manual_skip' ? 'already_skipped' : 'not_skippable', status: it?.status });
  }
  for (const t of tasks) await checkCompletion(deps, tenantId, t);
  const next = start + slice.length;
  return {
    snapshot: body.snapshot,
    skipped: results.filter((r) => r.outcome === 'skipped').length,
    results,
    nextCursor: next < snap.ids.length ? String(next) : null,
  };
}
