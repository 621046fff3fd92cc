import { newId } from '../../platform/data/ids.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { emptyResult, runImportChunk, startImportJob, type ImportResult, type JobKind } from './jobs.js';
import { recoverImports } from './recovery.js';
import { resumeStalledJobs } from './job-lease.js';
import type { CompanyImportBody, ContactImportBody } from './schema.js';

/**
 * The synchronous form of an import, bounded in time: API Gateway cuts a call at 29 s, and how many
 * rows fit in that depends on the store's load (a 500-row call took 10 s on a quiet machine and 50 s
 * on a loaded one). Rows run in chunks sized from the rate measured so far; no chunk starts that would
 * end after SYNC_BUDGET_MS. Rows left when the budget is spent are handed to an import job (with the
 * result so far) and the answer is 202 {jobId, statusUrl, processed, total}: a synchronous call answers
 * within about SYNC_BUDGET_MS plus one chunk's misestimate, ~20 s. A body that fits answers the usual
 * result object. Chunks dedupe through the markers like separate imports, as job chunks do.
 * Returns `{result}` (200) or `{job}` (the operation answers 202).
 */
export const SYNC_BUDGET_MS = 15_000;
/** Rows of the first chunk, before a rate is known. */
const FIRST_CHUNK_ROWS = 50;
/** A planned chunk smaller than this is not worth a round: the rest goes to a job. */
const MIN_CHUNK_ROWS = 10;

export async function runImportWithinBudget(
  deps: Deps,
  tenant: { tenantId: string; table: TableStore },
  kind: JobKind,
  body: CompanyImportBody | ContactImportBody,
  budgetMs = SYNC_BUDGET_MS,
): Promise<{ result: ImportResult & { importId: string } } | { job: Awaited<ReturnType<typeof startImportJob>> }> {
  const started = performance.now();
  const { table } = tenant;
  // What a crashed import left (derived items of committed anchors, jobs whose worker died) is repaired first, once per call.
  await recoverImports(table);
  await resumeStalledJobs(deps, tenant.tenantId, table);
  // One import over every chunk, and over the job that takes the rest (it keeps acc.importId).
  const importId = newId(deps.clock.now());
  const acc = { ...emptyResult(), importId };
  let from = 0;
  let size = FIRST_CHUNK_ROWS;
  for (;;) {
    const t = performance.now();
    const single = from === 0 && body.rows.length <= size;
    const r = await runImportChunk(table, kind, body, { from, size, importId }, acc, deps.clock.now());
    if (single) return { result: { ...(r as ImportResult), importId } }; // the whole body in one chunk: exactly the import's own answer
    from = Math.min(body.rows.length, from + size);
    if (from >= body.rows.length) return { result: acc };
    const rowsPerMs = size / Math.max(1, performance.now() - t);
    const left = budgetMs - (performance.now() - started);
    // 80 % of what the measured rate allows in the time left: rates vary between chunks.
    size = Math.floor(rowsPerMs * left * 0.8);
    if (size < MIN_CHUNK_ROWS) {
      return { job: await startImportJob(deps, tenant.tenantId, table, kind, body, { processed: from, partial: acc }) };
    }
  }
}
