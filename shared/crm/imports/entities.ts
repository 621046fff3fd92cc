import { defineEntity } from '../../platform/data/entity.js';

/**
 * Import dedupe marker of older imports, read only now: COMPANYKEY#<kind>#<value> / COMPANYKEY →
 * {companyId}, the company that holds this domain or INN. Imports now claim a key at its derived
 * company id (`derivedCompanyId`, `CompanyKeyClaim`); a marker still holds its key while its company
 * lives, and one whose company is gone is ignored.
 */
export const ImportMarker = defineEntity({
  entity: 'import_marker',
  formerly: 'IMPORT_MARKER',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'COMPANYKEY#${kind}#${value}', sk: 'COMPANYKEY' } },
});

export type DedupeKind = 'domain' | 'inn';

export const dedupeKey = (kind: DedupeKind, value: string) => `${kind}#${value}`;
const split = (key: string) => {
  const [kind, ...rest] = key.split('#');
  return { kind: kind as DedupeKind, value: rest.join('#') };
};
/** The marker's primary key for a dedupe key `kind#value`. */
export const markerOf = (key: string) => ImportMarker.key(split(key));

/**
 * An import run as a job (job form: `Prefer: respond-async`, more than ASYNC_ABOVE_ROWS rows, or the
 * rest of a synchronous call past its budget). gsi1 `open` lists the tenant's jobs not yet finished
 * (removed at completed/failed), so the next import message finds a job whose worker died (job-lease.ts);
 * gsi2 `recent` lists all of them (they expire by `ttl`).
 */
export const ImportJob = defineEntity({
  entity: 'import_job',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'IMPORTJOB#${jobId}', sk: 'IMPORTJOB' },
    open: { index: 'gsi1', pk: 'IMPORTJOBS#OPEN', sk: '${jobId}' },
    // Every job, newest first by its time-ordered id: the list a person returns to (companies_import_jobs_list).
    recent: { index: 'gsi2', pk: 'IMPORTJOBS', sk: '${jobId}' },
  },
});

/**
 * The job's request body: gzip-compressed JSON in binary parts of at most PART_BYTES (job-body.ts; an
 * item holds 400 KB), read back by a paged Query. Jobs stored before kept the text in `text` parts.
 */
export const ImportJobPart = defineEntity({
  entity: 'import_job_part',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'IMPORTJOB#${jobId}', sk: 'PART#${part}' } },
});

/**
 * The lists of one recorded chunk of a job's result (its row errors and created ids), written with the
 * job's progress in one transaction: the job item keeps the counts only, so a 50,000-row result fits;
 * the status view joins the chunks in row order.
 */
export const ImportJobChunk = defineEntity({
  entity: 'import_job_chunk',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'IMPORTJOB#${jobId}', sk: 'CHUNK#${from}' } },
});

/**
 * An open write of an import: the anchors (companies, contacts) a writeGroups call commits by
 * transactions, whose derived items (index items of further number values, duplicate channel items) follow by
 * BatchWriteItem. Put before the first transaction and deleted once every derived item is written, so
 * a journal still there after a crash names every anchor whose derived items may be missing (and some
 * that were never committed: absent, nothing to repair); the recovery pass (recovery.ts) re-derives
 * them from the stored anchors. One partition per tenant table: the pass is one Query.
 */
export const ImportJournal = defineEntity({
  entity: 'import_journal',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'IMPORTOPEN', sk: 'JOURNAL#${journalId}' } },
});
