/**
 * Tenant-table keys of custom fields (companies and contacts share the layout, `entity` tells them apart).
 *
 * - definition:   CFDEF#<entity> / FIELD#<slug>   (the key is the uniqueness marker of the slug: written
 *                 in a transaction with attribute_not_exists(pk), a second create of the slug gets 409)
 * - number value: CFNUM#<entity>#<ownerId> / <slug>
 *     gsi2: CF#<entity>#<slug> / <sortable number>#<ownerId>
 *   One item per number value, so "cf_revenue gt 10", "sort=cf_revenue" are Query ranges on gsi2
 *   (never a Scan). The owner item also carries every value in its `customFields` map for reads.
 */
export type CfEntity = 'company' | 'contact';

export const CustomFieldKeys = {
  definition: (entity: CfEntity, slug: string) => ({ pk: `CFDEF#${entity}`, sk: `FIELD#${slug}` }),
  definitionsPk: (entity: CfEntity) => `CFDEF#${entity}`,
  numberValue: (entity: CfEntity, ownerId: string, slug: string) => ({ pk: `CFNUM#${entity}#${ownerId}`, sk: slug }),
  numberValuesPk: (entity: CfEntity, ownerId: string) => `CFNUM#${entity}#${ownerId}`,
  numberIndex: (entity: CfEntity, slug: string, value: number, ownerId: string) => ({
    gsi2pk: numberIndexPk(entity, slug),
    gsi2sk: `${encodeNumber(value)}#${ownerId}`,
  }),
};

export const numberIndexPk = (entity: CfEntity, slug: string) => `CF#${entity}#${slug}`;

/**
 * Lexicographically sortable encoding of a double: its IEEE-754 bits as 16 hex digits, with the sign
 * bit flipped for positives and every bit flipped for negatives. String order == numeric order, and
 * the fixed width lets `<enc>#` / `<enc>#~` bound "equals", "gt" and "lte" ranges exactly.
 */
export function encodeNumber(n: number): string {
  const buf = Buffer.alloc(8);
  buf.writeDoubleBE(n === 0 ? 0 : n); // -0 and 0 encode alike
  if (buf[0] & 0x80) for (let i = 0; i < 8; i++) buf[i] = ~buf[i] & 0xff;
  else buf[0] |= 0x80;
  return buf.toString('hex');
}

export function decodeNumber(hex: string): number {
  const buf = Buffer.from(hex, 'hex');
  if (buf[0] & 0x80) buf[0] &= 0x7f;
  else for (let i = 0; i < 8; i++) buf[i] = ~buf[i] & 0xff;
  return buf.readDoubleBE(0);
}

/** Sort-key bounds on gsi2 for a number comparison ('~' sorts after every id character). */
export function numberRange(op: 'gt' | 'gte' | 'lt' | 'lte' | 'equals', v: number) {
  const e = encodeNumber(v);
  switch (op) {
    case 'gt': return { skGreaterThan: `${e}#~` };
    case 'gte': return { skGreaterThan: `${e}#` };
    case 'lt': return { skLessThan: `${e}#` };
    case 'lte': return { skLessThan: `${e}#~` };
    case 'equals': return { skBeginsWith: `${e}#` };
  }
}
