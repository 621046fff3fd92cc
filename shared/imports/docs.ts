import { MAX_ROWS } from './schema.js';

/** The shared part of the import operations' descriptions (OpenAPI, MCP tool text). */
export const IMPORT_DESCRIPTION = `Body {rows, mapping: {column: target}, options} (targets and options: see the body schema). Dedupe by normalised domain or valid INN, never by name. At most ${MAX_ROWS} rows per request; a bad row never stops the others.`;
