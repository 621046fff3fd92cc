import { listCompanyIds } from '../../crm/company-lists/company-lists.js';
import { newId } from '../../platform/data/ids.js';
import { CRAWL_QUEUE } from '../enrichment/settings.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { ScoringResult } from './entities.js';
import { getScoringTask } from './tasks.js';

// Apart from run.ts (the scoring itself, which resolves sites with tldts' public suffix list): the
// operations that queue and read results bundle none of it (issue 25).

export interface ScoreMessage {
  type: 'score';
  tenantId: string;
  taskId: string;
  companyId: string;
  runId: string;
}

/** Queues scoring of the task's companies (all, or only those whose result is contradictory). */
export async function startScoring(deps: Deps, tenantId: string, taskId: string, opts: { contradictoryOnly?: boolean } = {}) {
  const table = deps.tenantTable(tenantId);
  const task = await getScoringTask(table, taskId);
  const runId = newId(deps.clock.now());
  let ids: string[];
  if (opts.contradictoryOnly) ids = (await listResults(table, taskId, { contradictory: true })).data.map((r) => r.companyId as string);
  else ids = (await listCompanyIds(table, task.companyListId, { max: 10_000 })).companyIds ?? [];
  for (const companyId of ids) await deps.queue?.send(CRAWL_QUEUE, { type: 'score', tenantId, taskId, companyId, runId } satisfies ScoreMessage);
  return { taskId, queued: ids.length, runId };
}

export async function listResults(table: TableStore, taskId: string, q: { contradictory?: boolean }) {
  const out: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let p = 0; p < 100; p++) {
    const page = await table.query<Record<string, unknown>>({ ...ScoringResult.query('primary', { taskId }), skBeginsWith: 'RESULT#', limit: 200, cursor });
    out.push(...page.items.filter((r) => !q.contradictory || r.contradictory === true));
    if (!(cursor = page.cursor)) break;
  }
  return { data: out.map(({ pk: _p, sk: _s, entity: _e, _v, ...r }) => r), total: out.length };
}

export async function stepEvents(table: TableStore, taskId: string, companyId?: string) {
  const page = await table.query<Record<string, unknown>>({ pk: `SCORE#${taskId}`, skBeginsWith: `STEPEV#${companyId ? `${companyId}#` : ''}`, limit: 500 });
  const data = page.items.map(({ pk: _p, sk: _s, entity: _e, _v, ...r }) => r);
  return { data, total: data.length };
}

export async function scoringStats(table: TableStore, taskId: string) {
  const { data } = await listResults(table, taskId, {});
  const byOutcome: Record<string, number> = { ACTIVE: 0, SCORED_BELOW_THRESHOLD: 0, UNAVAILABLE: 0 };
  const byReason: Record<string, number> = {};
  for (const r of data) (byOutcome[r.outcome as string]++, (byReason[r.reasonCode as string] = (byReason[r.reasonCode as string] ?? 0) + 1));
  return { taskId, scored: data.length, byOutcome, byReason, contradictory: data.filter((r) => r.contradictory).length };
}
