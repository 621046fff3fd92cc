import { defineEntity } from '../data/entity.js';

/**
 * Tenant-table entities of companies. A company's contacts are listed by the contact items' gsi3
 * entries (`ContactEntity.byCompany`, shared/contacts/entities.ts; older ones by `CompanyContact`
 * links); one number custom-field value is indexed by the company item itself, the others by
 * `CustomFieldNumber` items (number-index.ts). Import dedupe markers belong to the import code: a
 * single create never dedupes.
 */
export const CompanyEntity = defineEntity({
  entity: 'company',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'COMPANY#${companyId}', sk: 'COMPANY' },
    /** Every company in creation order (list default, createdAt range). */
    byCreated: { index: 'gsi1', pk: 'COMPANIES', sk: '${createdAt}#${companyId}' },
    /** Every company by name (sort=name); `nameKey` is nameSortKey(name). */
    byName: { index: 'gsi3', pk: 'COMPANIES#NAME', sk: '${nameKey}#${companyId}' },
  },
});

/**
 * Case-folded, bounded name prefix: the sort key of the by-name index. `#` (the key separator) sorts
 * as `$`, its neighbour, so a name like "C# Labs" keeps its place without splitting the key.
 */
export const nameSortKey = (name: string) => name.trim().toLowerCase().slice(0, 120).replaceAll('#', '$');
