import type * as z from 'zod';
import { notFound } from '../../platform/errors.js';
import type { ItemOf } from '../../platform/data/entity.js';
import { newId } from '../../platform/data/ids.js';
import { log } from '../../platform/runtime/logger.js';
import type { Item, TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { runCompanyImport } from './companies-import.js';
import { runContactImport } from './contacts-import.js';
import { ImportJob, type importResultSchema, type JOB_KINDS } from './entities.js';
import { chunkListsItem, readJobBody, readResultLists, storeJobBody } from './job-body.js';
import { recoverImports } from './recovery.js';
import { claimJob, renewLease, resumeStalledJobs } from './job-lease.js';
import { ConditionFailed } from '../../platform/ports/table-store.js';
import type { CompanyImportBody, ContactImportBody } from './schema.js';

/**
 * Job form of the company and contact imports. A synchronous import answers within about 20 s (API Gateway cuts
 * at 29 s; sync-budget.ts hands the rows a synchronous call did not reach to a job): above
 * ASYNC_ABOVE_ROWS rows, or with `Prefer: respond-async` (RFC 7240), the request is
 * stored and queued, the answer is 202 {jobId, status, total, statusUrl}, and a worker runs it in
 * chunks, recording processed/total, rate and ETA after each chunk (one transaction of two items per
 * chunk, never a write per row) and the import's result object at the end. The first chunk is small
 * (FIRST_JOB_CHUNK_ROWS), so the first rows-done figure lands a second or two after the start, and each
 * next chunk doubles up to JOB_CHUNK_ROWS, where a chunk's fixed cost (setup reads, journal, progress
 * write) is small beside its rows and its transactions fill every lane of the writer. A worker that
 * dies (the message lease expires) resumes at the last recorded chunk: every chunk and attempt of a job
 * is one import (`importId`), so the chunk run again finds the companies and contacts its first attempt
 * wrote for each row and writes the rest. The body and the result's lists live in items of their own
 * (job-body.ts).
 */
export const ASYNC_ABOVE_ROWS = 500;
/** The most rows per chunk. */
export const JOB_CHUNK_ROWS = 500;
/** Rows of a run's first chunk: the person watching sees rows counted within a couple of seconds. */
export const FIRST_JOB_CHUNK_ROWS = 25;
/** The size of the chunk after one of `size` rows. */
export const nextJobChunkRows = (size: number) => Math.min(JOB_CHUNK_ROWS, size * 2);
export const IMPORT_QUEUE = 'imports';
/** Job records are kept 7 days. */
const JOB_TTL_S = 7 * 86_400;

export interface ImportJobMessage {
  tenantId: string;
  jobId: string;
}
/** A company import mode, or `contacts` (ContactsController_importStart). */
export type JobKind = (typeof JOB_KINDS)[number];
type JobItem = ItemOf<typeof ImportJob>;

/** The result object of an import (summed over chunks): the spec's fields plus importId, listId, ignoredTargets. */
export type ImportResult = z.infer<typeof importResultSchema>;
export const emptyResult = (): ImportResult => ({ created: 0, updated: 0, skipped: 0, contactsCreated: 0, cfValuesSet: 0, errors: [], createdIds: [] });
/** Moves the lists out of a result (to a chunk item): what stays is counts. */
const takeLists = (r: ImportResult) => ({ errors: r.errors.splice(0), createdIds: r.createdIds.splice(0) });

/**
 * Runs rows [from, from + size) of the import `importId` and adds its result to `acc` (row indexes of
 * errors shifted to the whole body's). A list made by the first chunk (`newListName`) is reused by the next.
 */
export async function runImportChunk(
  table: TableStore,
  kind: JobKind,
  body: CompanyImportBody | ContactImportBody,
  chunkRows: { from: number; size: number; importId: string },
  acc: ImportResult,
  now: number,
) {
  const { from, size, importId } = chunkRows;
  const options = { ...body.options, ...(acc.listId ? { listId: acc.listId, newListName: undefined } : {}) };
  const chunk = { ...body, options, rows: body.rows.slice(from, from + size) } as CompanyImportBody & ContactImportBody;
  const run = { importId, rowOffset: from };
  const r = (
    kind === 'contacts'
      ? await runContactImport(table, chunk, 'start', now, { recover: false, run })
      : await runCompanyImport(table, chunk, kind, now, { recover: false, run })
  ) as Partial<ImportResult>;
  for (const k of ['created', 'updated', 'skipped', 'contactsCreated', 'cfValuesSet'] as const) acc[k] += r[k] ?? 0;
  acc.errors.push(...(r.errors ?? []).map((e) => ({ ...e, index: e.index + from })));
  acc.createdIds.push(...(r.createdIds ?? []));
  acc.importId ??= r.importId;
  if (r.listId) acc.listId = r.listId;
  if (r.ignoredTargets) acc.ignoredTargets = r.ignoredTargets;
  return r;
}

export const wantsAsync = (prefer: string | undefined, rows: number) =>
  rows > ASYNC_ABOVE_ROWS || (prefer ?? '').split(',').some((p) => p.trim().toLowerCase().startsWith('respond-async'));

/** Where a job's status is read: companies_import_job_get or ContactsController_importJob. */
export const jobStatusUrl = (kind: JobKind, jobId: string) => `/api/${kind === 'contacts' ? 'contacts' : 'companies'}/import/jobs/${jobId}`;

/**
 * Stores the request and queues the job. `resume`: a synchronous call that ran out of its time budget
 * (sync-budget.ts) hands over the rows it did not reach, with what it did so far.
 */
export async function startImportJob(
  deps: Deps,
  tenantId: string,
  table: TableStore,
  kind: JobKind,
  body: CompanyImportBody | ContactImportBody,
  resume?: { processed: number; partial: ImportResult },
) {
  if (!deps.queue) throw new Error('no work queue configured');
  const now = deps.clock.now();
  const jobId = newId(now);
  const ttl = Math.floor(now / 1000) + JOB_TTL_S;
  const parts = await storeJobBody(table, jobId, body, ttl);
  // The rows a synchronous call did (its lists: one chunk of at most ASYNC_ABOVE_ROWS rows) go first.
  if (resume) await table.put(chunkListsItem(jobId, 0, takeLists(resume.partial), ttl));
  const job: JobItem = {
    id: jobId,
    kind,
    status: 'queued',
    total: body.rows.length,
    processed: resume?.processed ?? 0,
    parts,
    importId: resume?.partial.importId ?? jobId,
    listsInChunks: true,
    createdAt: new Date(now).toISOString(),
    ...(resume ? { partial: resume.partial } : {}),
    ttl,
  };
  await table.put(ImportJob.item({ jobId }, job));
  await deps.queue.send(IMPORT_QUEUE, { tenantId, jobId } satisfies ImportJobMessage);
  return { jobId, status: 'queued' as const, total: job.total, processed: job.processed, statusUrl: jobStatusUrl(kind, jobId) };
}

/** The tenant's import jobs, newest first: what each is and how far it got (the status view has the result). */
export async function listImportJobs(table: TableStore, page: { limit: number; cursor?: string }) {
  const out = await table.query<JobItem>({ ...ImportJob.query('recent', {}), descending: true, limit: page.limit, cursor: page.cursor });
  return {
    data: out.items.map((job) => ({
      jobId: job.id,
      kind: job.kind,
      status: job.status,
      processed: job.processed,
      total: job.total,
      createdAt: job.createdAt,
      ...(job.finishedAt ? { finishedAt: job.finishedAt } : {}),
      statusUrl: jobStatusUrl(job.kind, job.id),
    })),
    nextCursor: out.cursor ?? null,
  };
}

/** The status view: processed/total, rate, ETA and, once completed, the import's result object. `kinds`: the jobs this status operation answers for. */
export async function getImportJob(table: TableStore, jobId: string, now: number, kinds?: JobKind[]) {
  const job = await table.get<JobItem>(ImportJob.key({ jobId }));
  if (!job || (kinds && !kinds.includes(job.kind))) throw notFound('Import job');
  const rate = job.rowsPerSecond ?? 0;
  const left = job.total - job.processed;
  return {
    jobId: job.id,
    kind: job.kind,
    status: job.status,
    processed: job.processed,
    total: job.total,
    rowsPerSecond: rate,
    etaSeconds: job.status === 'completed' ? 0 : rate > 0 ? Math.ceil(left / rate) : null,
    createdAt: job.createdAt,
    ...(job.startedAt ? { startedAt: job.startedAt } : {}),
    ...(job.finishedAt ? { finishedAt: job.finishedAt } : {}),
    ...(job.result ? { result: job.listsInChunks ? { ...job.result, ...(await readResultLists(table, job.id)) } : job.result } : {}),
    ...(job.error ? { error: job.error } : {}),
    elapsedSeconds: job.startedAt ? Math.round((Date.parse(job.finishedAt ?? new Date(now).toISOString()) - Date.parse(job.startedAt)) / 1000) : 0,
  };
}

/** The queue worker: runs (or resumes) one job chunk by chunk. */
export async function runImportJob(deps: Deps, msg: ImportJobMessage) {
  const table = deps.tenantTable(msg.tenantId);
  // The next message of the tenant queues again the jobs whose worker died (job-lease.ts), beside this job's claim.
  // Only a queued or running job is claimed; a second delivery while another worker runs it (its lease) does nothing.
  const [, claim] = await Promise.all([resumeStalledJobs(deps, msg.tenantId, table), claimJob<JobItem & Item>(table, msg.jobId, deps.clock.now())]);
  if (claim === undefined) return;
  const job = claim.job;
  let lease = claim.leaseUntil;
  // The body is read while a crashed earlier attempt's (or another import's) journals are repaired: both come before the first chunk.
  const bodyRead = readJobBody(table, job.id) as Promise<CompanyImportBody & ContactImportBody>;
  bodyRead.catch(() => undefined); // its failure is the job's, below
  await recoverImports(table);
  const startedAt = job.startedAt ?? new Date(deps.clock.now()).toISOString();
  const acc = job.partial ?? emptyResult();
  // Jobs stored before `importId`: the job's id names their import from now on.
  const importId = job.importId ?? job.id;
  const ttl = Math.floor(deps.clock.now() / 1000) + JOB_TTL_S;
  const t0 = performance.now();
  const resumedAt = job.processed;
  let recording = false; // a failed condition of a progress write means the lease was taken over
  try {
    const body = await bodyRead;
    // Chunks may fall differently on a resumed run: every write is keyed by the row's index in the whole body.
    for (let from = job.processed, size = FIRST_JOB_CHUNK_ROWS; from < body.rows.length; from += size, size = nextJobChunkRows(size)) {
      await runImportChunk(table, job.kind, body, { from, size, importId }, acc, deps.clock.now());
      const processed = Math.min(body.rows.length, from + size);
      const rowsPerSecond = +((processed - resumedAt) / Math.max(0.001, (performance.now() - t0) / 1000)).toFixed(1);
      const renewal = renewLease(lease, deps.clock.now());
      recording = true;
      // The chunk's lists and the job's progress (counts only, so the job item stays small) commit together.
      await table.transact([
        { put: chunkListsItem(job.id, from, takeLists(acc), ttl) },
        {
          update: ImportJob.key({ jobId: job.id }),
          spec: {
            set: {
              status: 'running',
              startedAt,
              processed,
              rowsPerSecond,
              partial: acc,
              listsInChunks: true,
              updatedAt: new Date(deps.clock.now()).toISOString(),
              ...renewal.set,
            },
            condition: renewal.condition,
          },
        },
      ]);
      lease = renewal.set.leaseUntil;
      recording = false;
    }
    recording = true;
    await table.update(ImportJob.key({ jobId: job.id }), {
      set: { status: 'completed', result: acc, listsInChunks: true, finishedAt: new Date(deps.clock.now()).toISOString() },
      remove: ['partial', 'leaseUntil', 'gsi1pk', 'gsi1sk'],
      condition: { expression: 'leaseUntil = :held', values: { ':held': lease } },
    });
  } catch (e) {
    // Another worker took the job over (this one's lease ran out): it goes on from the last recorded chunk.
    if (recording && e instanceof ConditionFailed) return log.warn('import job taken over by another worker', { jobId: job.id });
    log.error('import job failed', { jobId: job.id, message: (e as Error)?.message });
    await table.update(ImportJob.key({ jobId: job.id }), {
      set: {
        status: 'failed',
        error: 'The import stopped on an internal error; rows processed so far are stored',
        finishedAt: new Date(deps.clock.now()).toISOString(),
      },
      remove: ['leaseUntil', 'gsi1pk', 'gsi1sk'],
    });
  }
}
