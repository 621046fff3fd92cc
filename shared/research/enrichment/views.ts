import type { TableStore } from '../../platform/ports/table-store.js';
import { EnrichmentItem, EnrichmentTask, RawFetch, TERMINAL, type ItemRecord, type RawRecord, type TaskRecord } from './entities.js';

export function taskView(t: TaskRecord) {
  return {
    id: t.taskId,
    taskId: t.taskId,
    status: t.status,
    listId: t.listId ?? null,
    scoringTaskId: t.scoringTaskId ?? null,
    options: t.options,
    counters: { total: t.total, processed: t.processed, ok: t.ok, down: t.down, noSite: t.noSite },
    resumeAttempts: t.resumeAttempts,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    finishedAt: t.finishedAt ?? null,
  };
}

async function allItems(table: TableStore, taskId: string) {
  const out: ItemRecord[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 500; page++) {
    const got = await table.query<ItemRecord>({ ...EnrichmentItem.query('primary', { taskId }), skBeginsWith: 'ITEM#', limit: 500, cursor });
    out.push(...got.items);
    if (!(cursor = got.cursor)) break;
  }
  return out;
}

/** DOWN results by reasonCode, most frequent first; [] when none. */
export async function reasonSummary(table: TableStore, taskId: string) {
  const counts = new Map<string, number>();
  for (const i of await allItems(table, taskId)) if (i.status === 'DOWN' && i.reasonCode) counts.set(i.reasonCode, (counts.get(i.reasonCode) ?? 0) + 1);
  return [...counts].map(([reasonCode, count]) => ({ reasonCode, count })).sort((a, b) => b.count - a.count || a.reasonCode.localeCompare(b.reasonCode));
}

/**
 * pace: finished (terminal), paused, insufficient_data (< 3 processed or < 5 s in this run), no_progress
 * (nothing for 60 s), else steady {etaSeconds} when site durations are even, uneven {etaSecondsMin,
 * etaSecondsMax} when their coefficient of variation exceeds 1.
 */
export function paceOf(t: TaskRecord, now: number) {
  if (TERMINAL.includes(t.status)) return { state: 'finished' as const };
  if (t.status === 'PAUSED') return { state: 'paused' as const };
  const done = t.processed - (t.runProcessedAtStart ?? 0);
  const elapsed = (now - (t.runStartedAt ?? now)) / 1000;
  if (done < 3 || elapsed < 5) return { state: 'insufficient_data' as const };
  if (now - (t.lastProgressAt ?? 0) > 60_000) return { state: 'no_progress' as const };
  const eta = Math.round((t.total - t.processed) / (done / elapsed));
  const n = Math.max(1, t.domainsProcessed);
  const mean = t.durationMsSum / n / 1000;
  const sd = Math.sqrt(Math.max(0, t.durationMsSq / 1000 / n - mean * mean));
  const cv = mean > 0 ? sd / mean : 0;
  if (cv <= 1) return { state: 'steady' as const, etaSeconds: eta };
  return { state: 'uneven' as const, etaSecondsMin: Math.round(eta / (1 + cv / 2)), etaSecondsMax: Math.round(eta * (1 + cv / 2)) };
}

export async function statsOf(table: TableStore, t: TaskRecord, now: number) {
  const byReason: Record<string, number> = {};
  for (const i of await allItems(table, t.taskId)) if (i.reasonCode && i.status !== 'PENDING') byReason[i.reasonCode] = (byReason[i.reasonCode] ?? 0) + 1;
  const c = (v: number) => (t.ok === 0 ? null : v);
  return {
    taskId: t.taskId,
    status: t.status,
    funnel: {
      cards: { queued: t.total, withDomain: t.withDomain, processed: t.processed, ok: t.ok, down: t.down, noSite: t.noSite },
      domains: { uniqueInScope: t.uniqueDomains, processed: t.domainsProcessed, ok: t.domainsOk, down: t.domainsDown },
    },
    collected: { emailsAdded: c(t.emailsAdded), phonesAdded: c(t.phonesAdded), socialAdded: c(t.socialAdded), titleFound: c(t.titleFound) },
    byMethod: { fetch: t.byFetch, browser: t.byBrowser },
    byReason,
    pace: paceOf(t, now),
  };
}

export async function itemsOf(table: TableStore, taskId: string, q: { status?: string; reasonCode?: string; limit: number; cursor?: string }) {
  const conds: string[] = [];
  const values: Record<string, unknown> = {};
  if (q.status) (conds.push('#s = :s'), (values[':s'] = q.status));
  if (q.reasonCode) (conds.push('reasonCode = :r'), (values[':r'] = q.reasonCode));
  const page = await table.query<ItemRecord>({
    ...EnrichmentItem.query('primary', { taskId }),
    skBeginsWith: 'ITEM#',
    limit: q.limit,
    cursor: q.cursor,
    ...(conds.length ? { filter: { expression: conds.join(' AND '), values, ...(q.status ? { names: { '#s': 'status' } } : {}) } } : {}),
  });
  const data = page.items.map((i) => ({
    companyId: i.companyId,
    host: i.host,
    url: i.url,
    status: i.status,
    reasonCode: i.reasonCode,
    method: i.method ?? null,
    title: i.title ?? null,
    description: i.description ?? null,
    sourceUrls: i.sourceUrls ?? [],
    counts: i.counts ?? null,
    added: i.added ?? null,
    screenshot: i.screenshot ?? null,
    processedAt: i.processedAt ?? null,
  }));
  return { data, nextCursor: page.cursor ?? null };
}

export async function rawOf(table: TableStore, companyId: string, now: number) {
  const page = await table.query<RawRecord>({ ...RawFetch.query('primary', { companyId }), descending: true, limit: 50 });
  const data = page.items
    .filter((r) => Date.parse(r.expiresAt) > now)
    .map((r) => ({
      companyId: r.companyId,
      taskId: r.taskId,
      page: r.page,
      url: r.url,
      finalUrl: r.finalUrl,
      httpStatus: r.httpStatus ?? null,
      method: r.method,
      durationMs: r.durationMs,
      rawText: r.rawText,
      truncated: r.truncated,
      rawChars: r.rawChars,
      screenshotFileId: r.screenshotFileId ?? null,
      createdAt: r.createdAt,
      expiresAt: r.expiresAt,
    }));
  return { data };
}

/** Hourly sweep: deletes RawFetch rows past expiresAt (DynamoDB TTL on `ttl` does the same in AWS, late). */
export async function sweepRaw(table: TableStore, now: number) {
  let deleted = 0;
  for (let round = 0; round < 50; round++) {
    const page = await table.query<{ pk: string; sk: string }>({ ...RawFetch.query('byExpiry', {}), skLessThan: new Date(now).toISOString(), limit: 100 });
    for (const r of page.items) (await table.delete({ pk: r.pk, sk: r.sk }), deleted++);
    if (!page.cursor && page.items.length < 100) break;
  }
  return deleted;
}

export async function listTasks(
  table: TableStore,
  q: { status?: string; scoringTaskId?: string; owned?: boolean; userId?: string; page: number; pageSize: number },
) {
  const matched: TaskRecord[] = [];
  let cursor: string | undefined;
  const want = q.page * q.pageSize;
  for (let round = 0; round < 50 && matched.length < want; round++) {
    const got = await table.query<TaskRecord>({ ...EnrichmentTask.query('byCreated', {}), descending: true, limit: 100, cursor });
    for (const t of got.items) {
      if (q.status && t.status !== q.status) continue;
      if (q.scoringTaskId && t.scoringTaskId !== q.scoringTaskId) continue;
      if (q.owned !== undefined && (t.ownerUserId === (q.userId ?? null)) !== q.owned) continue;
      matched.push(t);
    }
    if (!(cursor = got.cursor)) break;
  }
  return { data: matched.slice((q.page - 1) * q.pageSize, want).map(taskView), page: q.page, pageSize: q.pageSize };
}
