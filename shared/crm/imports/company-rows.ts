/** A company import's setup (options, field definitions, the mapping) and its rows parsed one by one. */
import { badRequest, badRequestCode, rowRejected, RowRejected } from '../../platform/errors.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import { definitionMap } from '../custom-fields/definitions.js';
import { getCompanyList } from '../company-lists/company-lists.js';
import { cellText, companyCellLimit, parseCfCells, parseContactCells, parseMapping } from './mapping.js';
import { normalizeImportDomain, validInn } from './normalize.js';
import { dedupeKey } from './entities.js';
import type { CompanyImportBody, RowError } from './schema.js';
import type { ImportMode, Row } from './company-plan.js';
export type ImportSetup = Awaited<ReturnType<typeof prepareImport>>;

/** Options, custom-field definitions and the parsed mapping; refuses what cannot work for any row. */
export async function prepareImport(table: TableStore, body: CompanyImportBody, mode: ImportMode) {
  const opts = { dedupeBy: 'auto' as const, duplicateHandling: 'skip' as const, ...body.options };
  if (opts.listId && opts.newListName) throw badRequest(['options.listId and options.newListName cannot be used together']);
  const defs = await definitionMap(table, 'company');
  const combined = mode !== 'start';
  const mapping = parseMapping(body.mapping, defs, { scope: { company: true, contact: combined, cf: combined }, contactPrefix: 'required' });
  if (!mapping.company.some(([, f]) => f === 'name')) throw badRequest(['mapping must map a column to name (required)']);
  if (opts.listId && (await getCompanyList(table, opts.listId)).type !== 'STATIC')
    throw badRequestCode('list_not_static', { message: 'Imports add companies to STATIC lists only' });
  return { opts, defs, combined, mapping };
}

/** Each row on its own: a bad row becomes an error naming it, never a failure of the others. */
export function parseRows(raws: Record<string, unknown>[], setup: ImportSetup) {
  const errors: RowError[] = [];
  const rows: Row[] = [];
  raws.forEach((raw, index) => {
    try {
      rows.push(parseRow(raw, index, setup));
    } catch (reason) {
      if (!(reason instanceof RowRejected)) throw reason;
      errors.push({ index, reason: reason.message });
    }
  });
  return { rows, errors };
}

function parseRow(raw: Record<string, unknown>, index: number, { opts, defs, mapping }: ImportSetup): Row {
  const company: Record<string, string> = {};
  for (const [column, field] of mapping.company) {
    const v = cellText(raw[column]);
    if (v === undefined) continue;
    companyCellLimit(field, v);
    company[field] = v;
  }
  if (!company.name) throw rowRejected('name is required');
  let domain: string | undefined;
  if (company.domain) {
    domain = normalizeImportDomain(company.domain);
    if (!domain) throw rowRejected(`domain is not a valid domain (${company.domain.slice(0, 100)})`);
    company.domain = domain;
  } else if (company.website && (domain = normalizeImportDomain(company.website))) company.domain = domain;
  let inn: string | undefined;
  if (company.inn) {
    inn = validInn(company.inn);
    if (!inn) throw rowRejected(`inn ${company.inn.slice(0, 32)} is not a valid INN (10 or 12 digits with matching control digits)`);
    company.inn = inn;
  }
  const keys = [inn && dedupeKey('inn', inn), domain && dedupeKey('domain', domain)].filter((k): k is string => !!k);
  const checked = keys.filter((k) => opts.dedupeBy === 'auto' || k.startsWith(`${opts.dedupeBy}#`));
  return { index, company, cf: parseCfCells(raw, mapping.cf, defs), contact: parseContactCells(raw, mapping.contact), keys, checked };
}
