import type { QueryClient } from '@tanstack/react-query';
import { workspaceKey } from '../../api/query-keys';
import type { ImportKind } from './csv';

export interface ImportResult {
  created: number;
  updated: number;
  skipped: number;
  errors: { index: number; reason: string }[];
  contactsCreated: number;
  cfValuesSet: number;
  /** The list the imported records went into (options.listId or newListName). */
  listId?: string;
}
/** The status view of an import job (companies_import_job_get, ContactsController_importJob). */
export interface ImportJob {
  jobId: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  processed: number;
  total: number;
  rowsPerSecond: number;
  etaSeconds: number | null;
  result?: ImportResult;
  error?: string;
}
/** The 202 answer of an import started in the job form. */
export interface StartedImportJob {
  jobId: string;
  status: ImportJob['status'];
  processed: number;
  total: number;
}

export const importJobKey = (tenantId: string, jobId: string) => workspaceKey(tenantId, 'imports', 'job', jobId);

/**
 * A job's status lives with its import: a contacts job under /api/contacts (the start answer's
 * statusUrl), a companies job under /api/companies. The job page's URL carries the kind (`?kind=contacts`).
 */
export const importJobStatusPath = (kind: ImportKind, jobId: string) =>
  `/api/${kind === 'contacts' ? 'contacts' : 'companies'}/import/jobs/${encodeURIComponent(jobId)}`;
export const importJobPagePath = (kind: ImportKind, jobId: string) =>
  `/imports/jobs/${encodeURIComponent(jobId)}${kind === 'contacts' ? '?kind=contacts' : ''}`;
/** The kind a job page's `?kind=` names (the job list's `kind` too): companies unless it says contacts. */
export const importKindOf = (value: string | null | undefined): ImportKind => (value === 'contacts' ? 'contacts' : 'companies');

export const importJobFinished = (job?: ImportJob) => job?.status === 'completed' || job?.status === 'failed';

/**
 * How long to wait before the next status read, after `reads` answers: a job's first rows are counted
 * a second or two after its start, so the page looks four times a second at first (about 5 s), then
 * every second, then every 2 s (the brief's slowest) for a long job. A status read is one item read.
 */
export const importJobPollMs = (reads: number) => (reads < 20 ? 250 : reads < 50 ? 1_000 : 2_000);

/**
 * The job page's first view of a job just started from the start answer, so its bar is on screen at
 * once; the page reads the status at once anyway (the seeded data is stale from the start).
 */
export const seedImportJob = (queryClient: QueryClient, tenantId: string, started: StartedImportJob) =>
  queryClient.setQueryData<ImportJob>(
    importJobKey(tenantId, started.jobId),
    { jobId: started.jobId, status: started.status, processed: started.processed, total: started.total, rowsPerSecond: 0, etaSeconds: null },
    { updatedAt: 0 },
  );
