import { MAX_PREVIEW_ROWS, MAX_ROWS } from './schema.js';
import { ASYNC_ABOVE_ROWS } from './jobs.js';

/** The job form, in every writing import's description. */
export const IMPORT_JOB_DESCRIPTION = `More than ${ASYNC_ABOVE_ROWS} rows or Prefer: respond-async: 202 {jobId, statusUrl}. A synchronous call answers within about 20 s: rows it has not reached by then continue as a job (202 {jobId, processed, statusUrl}).`;

/** The shared part of the import operations' descriptions (OpenAPI, MCP tool text). */
export const IMPORT_DESCRIPTION = `Body {rows, mapping: {column: target}, options} (targets and options: see the body schema). Dedupe by normalised domain or valid INN, never by name. At most ${MAX_ROWS} rows (a preview ${MAX_PREVIEW_ROWS}) and 6 MB per request; a bad row never stops the others.`;
