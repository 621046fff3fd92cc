import type { Item } from '../../platform/ports/table-store.js';
import { numberIndexOps, type CfValues } from '../custom-fields/values.js';
import { companyNumberIndex, newCompanyNumberItems } from '../companies/number-index.js';
import type { CustomFieldDefinition } from '../custom-fields/definitions.js';
import { duplicateChannelItems } from '../contacts/items.js';
import type { Contact } from '../contacts/types.js';

/**
 * The items an import derives from an anchor (a company or a contact): no uniqueness involved, so they
 * are written by BatchWriteItem after the anchor's transaction. One builder for the write path and the
 * recovery pass, so a repaired anchor gets exactly the items the import would have written.
 */
export type AnchorKind = 'company' | 'contact';

/**
 * A company's number-index items beyond the one its own item carries (`indexedSlug`, its cfIndexSlug:
 * shared/crm/companies/number-index.ts); none for a company with at most one number value.
 */
export function companyDependents(
  companyId: string,
  customFields: CfValues | undefined,
  defs: Map<string, CustomFieldDefinition>,
  indexedSlug?: string,
): Item[] {
  return newCompanyNumberItems(companyNumberIndex(companyId, defs, {}, customFields ?? {}, indexedSlug));
}

/**
 * A contact's items beside its own: channel items of values it holds as a duplicate (its markers index
 * the values it holds first) and number-index items. Its company link is the contact item's gsi3 entry.
 */
export function contactDependents(c: Contact, defs?: Map<string, CustomFieldDefinition>): Item[] {
  const items: Item[] = duplicateChannelItems(c.id, c.channels);
  if (defs) for (const op of numberIndexOps('contact', c.id, defs, {}, (c.customFields ?? {}) as CfValues)) if ('put' in op) items.push(op.put);
  return items;
}
