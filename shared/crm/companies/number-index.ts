import type { Item, TxOp } from '../../platform/ports/table-store.js';
import type { CustomFieldDefinition } from '../custom-fields/definitions.js';
import type { CfValues } from '../custom-fields/values.js';
import { CustomFieldNumber } from '../custom-fields/entities.js';
import { encodeNumber } from '../custom-fields/number-encoding.js';

/**
 * A company's number index (gsi2 `CF#company#<slug>`, sort key `<encoded>#<companyId>`: the ranges and
 * sorts of `cf_<slug>`, shared/crm/companies/list.ts). The company item itself carries the entry of one of
 * its number values (`cfIndexSlug`, gsi2 built from CustomFieldNumber's own template), so a company
 * with one number field writes no index item; each further number value is a CustomFieldNumber item.
 * The item keeps the slug it indexes while that value exists (otherwise the first number slug with a
 * value takes its place and that slug's item goes). Companies written before this rule have no
 * `cfIndexSlug` and an item per value: their next write moves one value onto the company item.
 */
export interface CompanyNumberIndex {
  /** Attributes of the company item: the gsi2 entry and `cfIndexSlug`, or (update) undefined to remove them. */
  attrs: Record<string, unknown>;
  /** Puts and deletes of the CustomFieldNumber items of the other values. */
  ops: TxOp[];
}

const isNumber = (v: unknown): v is number => typeof v === 'number';

export function companyNumberIndex(
  companyId: string,
  defs: Map<string, CustomFieldDefinition>,
  before: CfValues,
  after: CfValues,
  indexedBefore?: string,
): CompanyNumberIndex {
  const slugs = [...defs.values()].filter((d) => d.fieldType === 'number').map((d) => d.slug);
  const valued = slugs.filter((s) => isNumber(after[s])).sort();
  const indexed = indexedBefore && valued.includes(indexedBefore) ? indexedBefore : valued[0];
  const attrs: Record<string, unknown> = indexed
    ? {
        ...CustomFieldNumber.indexKeys('byValue', { owner: 'company', slug: indexed, encoded: encodeNumber(after[indexed] as number), ownerId: companyId }),
        cfIndexSlug: indexed,
      }
    : indexedBefore
      ? { gsi2pk: undefined, gsi2sk: undefined, cfIndexSlug: undefined }
      : {};
  const ops: TxOp[] = [];
  for (const slug of slugs) {
    const want = isNumber(after[slug]) && slug !== indexed;
    const had = isNumber(before[slug]) && slug !== indexedBefore;
    const value = after[slug] as number;
    if (want && (!had || before[slug] !== value))
      ops.push({
        put: CustomFieldNumber.item({ owner: 'company', ownerId: companyId, slug, encoded: encodeNumber(value) }, { ownerId: companyId, slug, value }),
      });
    else if (!want && had) ops.push({ delete: CustomFieldNumber.key({ owner: 'company', ownerId: companyId, slug }) });
  }
  return { attrs, ops };
}

/** The index items a new company needs beside its own item (imports write them by BatchWriteItem). */
export const newCompanyNumberItems = (index: CompanyNumberIndex): Item[] => index.ops.flatMap((op) => ('put' in op ? [op.put] : []));
