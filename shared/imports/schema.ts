import * as z from 'zod';

/**
 * Import bodies `{rows, mapping, options}`. At most MAX_ROWS rows per request (and the 6 MB API body
 * cap): send bigger files in chunks; dedupe markers make chunks behave like one import.
 */
export const MAX_ROWS = 10_000;
export const MAX_COLUMNS = 100;

const cell = z.union([z.string().max(5000), z.number(), z.boolean(), z.null()]);
const rows = z.array(z.record(z.string().max(200), cell)).min(1).max(MAX_ROWS);
const mapping = z.record(z.string().min(1).max(200), z.string().min(1).max(100)).refine((m) => Object.keys(m).length <= MAX_COLUMNS, `mapping must map at most ${MAX_COLUMNS} columns`);

export const companyImportSchema = z.strictObject({
  rows,
  mapping,
  options: z.strictObject({
    dedupeBy: z.enum(['auto', 'inn', 'domain']).optional(),
    duplicateHandling: z.enum(['skip', 'update', 'create']).optional(),
    genericContactName: z.string().trim().min(1).max(80).optional(),
    listId: z.string().min(1).max(64).optional(),
    newListName: z.string().trim().min(1).max(200).optional(),
  }).optional(),
});
export type CompanyImportBody = z.infer<typeof companyImportSchema>;

export const contactImportSchema = z.strictObject({
  rows,
  mapping,
  options: z.strictObject({
    duplicateHandling: z.enum(['skip', 'update', 'create']).optional(),
    listId: z.string().min(1).max(64).optional(),
    newListName: z.string().trim().min(1).max(200).optional(),
    companyId: z.string().min(1).max(64).optional(),
    sourceUrl: z.string().max(2000).optional(),
  }).optional(),
});
export type ContactImportBody = z.infer<typeof contactImportSchema>;

export interface RowError {
  index: number;
  reason: string;
}
