import type { TableStore } from '../ports/table-store.js';
import { EnrichmentEvent, EnrichmentTask, seqKey } from './entities.js';

export const EVENT_KINDS = [
  'create',
  'running',
  'cancel_requested',
  'retry',
  'item_no_site',
  'item_down',
  'item_ok',
  'item_screenshot',
  'interrupted',
  'resumed_after_restart',
  'resumed_by_stall_watchdog',
  'stall_watchdog_gave_up',
  'done',
  'failed',
  'partial',
  'cancelled',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * Appends one event: the task's `eventSeq` counter is incremented atomically and its new value is the
 * event's seq, so seq is gap-free and ordered per task even with many workers writing at once.
 */
export async function appendEvent(
  table: TableStore,
  taskId: string,
  kind: EventKind,
  payload: Record<string, unknown> | null,
  now: number,
  extra: Record<string, unknown> = {},
) {
  const after = await table.update<{ eventSeq: number }>(EnrichmentTask.key({ taskId }), {
    add: { eventSeq: 1 },
    condition: { expression: 'attribute_exists(pk)' },
  });
  const seq = after.eventSeq;
  await table.put(EnrichmentEvent.item({ taskId, seq: seqKey(seq) }, { taskId, seq, kind, payload, at: new Date(now).toISOString(), ...extra }));
  return seq;
}

/** Events after `cursor` (the last seq already read), in seq order. */
export async function listEvents(table: TableStore, taskId: string, cursor: number, limit: number) {
  const page = await table.query<{ seq: number; kind: string; payload: unknown; at: string; companyId?: string }>({
    pk: EnrichmentEvent.key({ taskId, seq: seqKey(0) }).pk,
    skBetween: [`EVENT#${seqKey(cursor + 1)}`, 'EVENT#~'],
    limit,
  });
  const data = page.items.map((e) => ({ seq: e.seq, kind: e.kind, payload: e.payload ?? null, at: e.at, ...(e.companyId ? { companyId: e.companyId } : {}) }));
  return { data, cursor: data.length ? data[data.length - 1].seq : cursor, hasMore: Boolean(page.cursor) };
}
