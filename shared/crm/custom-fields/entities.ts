import { defineEntity } from '../../platform/data/entity.js';

/** Which items custom fields belong to (companies and contacts share the layout). */
export type CfEntity = 'company' | 'contact';

/**
 * A field definition. Its key is the slug's uniqueness marker: written in a transaction with
 * attribute_not_exists(pk), so a second create of the slug gets 409. `owner` is the CfEntity.
 */
export const CustomFieldDefinitionEntity = defineEntity({
  entity: 'custom_field',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'CFDEF#${owner}', sk: 'FIELD#${slug}' } },
});

/**
 * One number value of one owner, so "cf_revenue gt 10" and "sort=cf_revenue" are Query ranges on gsi2
 * (never a Scan); `encoded` is encodeNumber(value). The owner item also carries every value in its
 * `customFields` map for reads.
 */
export const CustomFieldNumber = defineEntity({
  entity: 'custom_field_number',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'CFNUM#${owner}#${ownerId}', sk: '${slug}' },
    byValue: { index: 'gsi2', pk: 'CF#${owner}#${slug}', sk: '${encoded}#${ownerId}' },
  },
});
