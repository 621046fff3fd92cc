import { newId } from '../../platform/data/ids.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import { planRows, type ImportMode, type ImportRun } from './company-plan.js';
import { previewResult } from './company-preview.js';
import { parseRows, prepareImport } from './company-rows.js';
import { planRowContacts, writeImport } from './company-write.js';
import { recoverImports } from './recovery.js';
import type { CompanyImportBody } from './schema.js';

export { type ImportMode } from './company-plan.js';
export { DEFAULT_GENERIC_CONTACT_NAME } from './company-write.js';

/**
 * The spec's company import. `preview` plans without writing; `start` writes companies only;
 * `combined` also contacts and custom fields. Dedupe by domain/INN markers only (never by name).
 * `run`: the import this call is a chunk of (jobs.ts), so an attempt run again finds what an earlier
 * one committed; a call of its own is a new import.
 */
export function runCompanyImport(
  table: TableStore,
  body: CompanyImportBody,
  mode: 'preview',
  now: number,
  opts?: { recover?: boolean; run?: ImportRun },
): Promise<ReturnType<typeof previewResult>>;
export function runCompanyImport(
  table: TableStore,
  body: CompanyImportBody,
  mode: Exclude<ImportMode, 'preview'>,
  now: number,
  opts?: { recover?: boolean; run?: ImportRun },
): ReturnType<typeof writeImport>;
export async function runCompanyImport(
  table: TableStore,
  body: CompanyImportBody,
  mode: ImportMode,
  now: number,
  opts: { recover?: boolean; run?: ImportRun } = {},
) {
  // What a crashed import left (derived items of committed companies/contacts) is repaired first.
  if (mode !== 'preview' && opts.recover !== false) await recoverImports(table);
  const run = opts.run ?? { importId: newId(now), rowOffset: 0 };
  const setup = await prepareImport(table, body, mode);
  const parsed = parseRows(body.rows, setup);
  const plan = await planRows(table, parsed.rows, setup, run);
  if (mode !== 'preview') return writeImport(table, setup, parsed, plan, now, run);
  return previewResult(setup, parsed, plan, (await planRowContacts(table, setup, plan, run, now)).planned);
}
