import type { Item } from '../ports/table-store.js';
import { numberIndexOps, type CfValues } from '../custom-fields/values.js';
import type { CustomFieldDefinition } from '../custom-fields/definitions.js';
import { channelItems, linkItem } from '../contacts/items.js';
import type { Contact } from '../contacts/types.js';

/**
 * The items an import derives from an anchor (a company or a contact): no uniqueness involved, so they
 * are written by BatchWriteItem after the anchor's transaction. One builder for the write path and the
 * recovery pass, so a repaired anchor gets exactly the items the import would have written.
 */
export type AnchorKind = 'company' | 'contact';

/** A company's number-index items (gsi2: `cf_<slug>` ranges and sorts). */
export function companyDependents(companyId: string, customFields: CfValues | undefined, defs: Map<string, CustomFieldDefinition>): Item[] {
  return numberIndexOps('company', companyId, defs, {}, customFields ?? {}).flatMap((op) => ('put' in op ? [op.put] : []));
}

/** A contact's channel items (gsi1: every owner of a value), its company link and number-index items. `c` carries its primaries (withPrimaries). */
export function contactDependents(c: Contact, defs?: Map<string, CustomFieldDefinition>): Item[] {
  const items: Item[] = c.channels.map((ch) => channelItems(c.id, ch));
  if (c.companyId) items.push(linkItem(c.companyId, c));
  if (defs) for (const op of numberIndexOps('contact', c.id, defs, {}, (c.customFields ?? {}) as CfValues)) if ('put' in op) items.push(op.put);
  return items;
}
