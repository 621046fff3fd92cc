import * as z from 'zod';

/**
 * Import bodies `{rows, mapping, options}`. At most MAX_ROWS rows per request (and the 6 MB API body
 * cap; more than 500 run as a job): send bigger files in chunks; dedupe markers make chunks behave like
 * one import. A preview answers synchronously: at most MAX_PREVIEW_ROWS.
 */
export const MAX_ROWS = 50_000;
export const MAX_PREVIEW_ROWS = 10_000;
export const MAX_COLUMNS = 100;

const cell = z.union([z.string().max(5000), z.number(), z.boolean(), z.null()]);
const rowsUpTo = (max: number) =>
  z
    .array(z.record(z.string().max(200), cell))
    .min(1)
    .max(max)
    .describe(`The file's rows as {column: value}, at most ${max} per request and 6 MB: send larger files in chunks (dedupe spans chunks)`);
const rows = rowsUpTo(MAX_ROWS);
const mapping = z
  .record(z.string().min(1).max(200), z.string().min(1).max(100))
  .refine((m) => Object.keys(m).length <= MAX_COLUMNS, `mapping must map at most ${MAX_COLUMNS} columns`)
  .describe('{column: target}; unmapped columns are ignored; an unknown cf:<slug> is 400 unknown_custom_field');
const COMPANY_TARGETS =
  'Targets: name (required), domain, inn, industry, size, country, city, address, phone, website, source; one contact per row: c:email, c:firstName, c:lastName, c:phone, c:position, c:personalEmail, c:linkedin; company custom fields cf:<slug>';
const CONTACT_TARGETS =
  'Targets: email, firstName, lastName, phone, position, personalEmail, linkedin (bare or c:-prefixed), cf:<slug> (contact custom fields). Email is trimmed and lower-cased, phone becomes +digits; an invalid one is a row error';

export const companyImportSchema = z.strictObject({
  rows,
  mapping: mapping.describe(`{column: target}. ${COMPANY_TARGETS}`),
  options: z
    .strictObject({
      dedupeBy: z
        .enum(['auto', 'inn', 'domain'])
        .optional()
        .describe(
          'auto (default: INN, then domain) | inn | domain. Never by name. Domains are normalised (scheme, www., path, port, case; IDN to punycode; website when domain is empty); INNs must pass the checksum; an invalid one is a row error',
        ),
      duplicateHandling: z
        .enum(['skip', 'update', 'create'])
        .optional()
        .describe('skip (default) | update (fields replaced, custom fields merged) | create (a second company)'),
      genericContactName: z
        .string()
        .trim()
        .min(1)
        .max(80)
        .optional()
        .describe('firstName of a row contact with c:email but no c:firstName (default "Generic contact")'),
      listId: z.string().min(1).max(64).optional().describe('Adds the imported companies to this STATIC company list'),
      newListName: z.string().trim().min(1).max(200).optional().describe('Creates a STATIC company list with the imported companies'),
    })
    .optional(),
});
export type CompanyImportBody = z.infer<typeof companyImportSchema>;
export const companyPreviewSchema = companyImportSchema.extend({ rows: rowsUpTo(MAX_PREVIEW_ROWS) });

export const contactImportSchema = z.strictObject({
  rows,
  mapping: mapping.describe(`{column: target}. ${CONTACT_TARGETS}`),
  options: z
    .strictObject({
      duplicateHandling: z
        .enum(['skip', 'update', 'create'])
        .optional()
        .describe('By email: skip (default) | update (fields replaced, custom fields merged) | create (a new contact whose channel carries duplicateOf)'),
      listId: z.string().min(1).max(64).optional().describe('Adds the contacts to this contact list'),
      newListName: z.string().trim().min(1).max(200).optional().describe('Creates a contact list with them'),
      companyId: z.string().min(1).max(64).optional().describe('Links every contact to this company'),
      sourceUrl: z.string().max(2000).optional().describe("Recorded as the contacts' source (kind import)"),
    })
    .optional(),
});
export type ContactImportBody = z.infer<typeof contactImportSchema>;
export const contactPreviewSchema = contactImportSchema.extend({ rows: rowsUpTo(MAX_PREVIEW_ROWS) });

export interface RowError {
  index: number;
  reason: string;
}
