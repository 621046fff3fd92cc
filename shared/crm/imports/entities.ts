import * as z from 'zod';
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

/** A company import mode (`start`: companies only, `combined`: with contacts and custom fields), or `contacts` (ContactsController_importStart). */
export const JOB_KINDS = ['start', 'combined', 'contacts'] as const;
export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/** The result object of an import (a job's: summed over its chunks), as a synchronous import answers it. */
export const importResultSchema = z.looseObject({
  created: z.number().describe('Rows that created a new record'),
  updated: z.number().describe('Rows merged into an existing record (duplicateHandling update)'),
  skipped: z.number().describe('Duplicates left alone (duplicateHandling skip)'),
  contactsCreated: z.number().describe('Contacts created (from c: targets in a company import)'),
  cfValuesSet: z.number().describe('Custom field values written'),
  errors: z
    .array(z.looseObject({ index: z.number().describe('0-based row'), reason: z.string() }))
    .describe('Rows that were not imported, with why; the others were'),
  createdIds: z.array(z.string()).describe('Ids of the records created, in row order'),
  importId: z.string().optional().describe('Recorded as source.importId on what was created'),
  listId: z.string().optional().describe('The list the records were added to (options.listId or newListName)'),
  ignoredTargets: z.array(z.string()).optional().describe('Mapping targets this operation does not import (c: and cf: in import/start)'),
});

/**
 * An import run as a job (job form: `Prefer: respond-async`, more than ASYNC_ABOVE_ROWS rows, or the
 * rest of a synchronous call past its budget). gsi1 `open` lists the tenant's jobs not yet finished
 * (removed at completed/failed), so the next import message finds a job whose worker died (job-lease.ts);
 * gsi2 `recent` lists all of them (they expire by `ttl`). Its status operations answer its attributes
 * under other names and with figures computed from them (jobs.ts `getImportJob`), from `ImportJob.output`.
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
  attributes: {
    id: z.string().describe('The job id from the 202 answer of the import'),
    kind: z.enum(JOB_KINDS).describe('start | combined (company imports) | contacts (ContactsController_importStart)'),
    status: z.enum(JOB_STATUSES).describe('completed: `result` holds the import result object'),
    total: z.number().describe('Rows in the import'),
    processed: z.number().describe('Rows processed so far'),
    createdAt: z.string().describe('When the job was started (ISO 8601)'),
    startedAt: z.string().optional().describe('When a worker first took it (ISO 8601)'),
    finishedAt: z.string().optional().describe('When it completed or failed (ISO 8601)'),
    rowsPerSecond: z.number().optional().describe('Rate of the running job'),
    result: importResultSchema.optional().describe('Once completed: the same result object a synchronous import answers'),
    error: z.string().optional().describe('Why a failed job stopped'),
    /** Body parts (ImportJobPart) holding the request. */
    parts: z.number(),
    /** The import every chunk belongs to (source.importId of what it creates); absent on jobs stored before it. */
    importId: z.string().optional(),
    /** Whether the result's lists are in chunk items (job-body.ts), not in `result`/`partial` (the status view joins them). */
    listsInChunks: z.boolean().optional(),
    /** The result so far of a running job (counts; lists in chunks). */
    partial: importResultSchema.optional(),
    /** The worker's lease (job-lease.ts), epoch ms. */
    leaseUntil: z.number().optional(),
    updatedAt: z.string().optional(),
    ttl: z.number(),
  },
  internal: ['parts', 'importId', 'listsInChunks', 'partial', 'leaseUntil', 'updatedAt', 'ttl'],
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
