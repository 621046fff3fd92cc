/**
 * What contacts need from other domains, in one place: the company item key (companies domain) and
 * contact custom-field validation and number indexing (custom-fields domain).
 */
import { definitionMap } from '../custom-fields/definitions.js';
import { applyValues, numberIndexCleanupOps, numberIndexOps, type CfValues } from '../custom-fields/values.js';
import type { TableStore, TxOp } from '../../platform/ports/table-store.js';
import { CompanyEntity } from '../companies/entities.js';

export const companyKey = (companyId: string) => CompanyEntity.key({ companyId });
/** A company id is live only when a company item (not a claim left by a deleted import) is at its key. */
export { companyExists, isCompany } from '../companies/entities.js';

/** Validates `input` against the contact definitions, merged into `current` (null clears); plus the gsi2 ops for number values. */
export async function contactCustomFields(
  table: TableStore,
  contactId: string,
  current: CfValues,
  input: Record<string, unknown> | undefined,
): Promise<{ values: CfValues; ops: TxOp[] }> {
  if (!input) return { values: current, ops: [] };
  const defs = await definitionMap(table, 'contact');
  const values = applyValues(defs, current, input);
  return { values, ops: numberIndexOps('contact', contactId, defs, current, values) };
}

export const contactCustomFieldCleanup = (table: TableStore, contactId: string) => numberIndexCleanupOps(table, 'contact', contactId);
