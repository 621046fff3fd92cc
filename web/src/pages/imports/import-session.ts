import type { ParsedCsv } from './csv';

/** A row the preview found to duplicate an earlier row of the file or a company already stored. */
export interface DuplicateRow {
  index: number;
  outcome: string;
  matchedBy?: string;
  duplicateOf?: string;
  duplicateOfRow?: number;
}

/**
 * The file behind a job started in this tab, so the job page can put each rejected row's own columns
 * next to its reason and list the duplicates the preview found. Held in memory only (a file may hold
 * personal data): after a reload the job page still shows progress and the summary from the API, and
 * the rejected-rows download carries row numbers and reasons.
 */
const files = new Map<string, { fileName: string; file: ParsedCsv; duplicates?: DuplicateRow[] }>();

export const rememberImportFile = (jobId: string, entry: { fileName: string; file: ParsedCsv; duplicates?: DuplicateRow[] }) => files.set(jobId, entry);
export const importFileOf = (jobId: string) => files.get(jobId);
