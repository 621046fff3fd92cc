import { createHash } from 'node:crypto';
import * as z from 'zod';
import { defineEntity } from '../../platform/data/entity.js';
import type { Condition } from '../../platform/ports/table-store.js';

/**
 * Tenant-table entities of companies. A company's contacts are listed by the contact items' gsi3
 * entries (`ContactEntity.byCompany`, shared/crm/contacts/entities.ts; older ones by `CompanyContact`
 * links); one number custom-field value is indexed by the company item itself, the others by
 * `CustomFieldNumber` items (number-index.ts). An imported company's id derives from its domain or INN
 * (`derivedCompanyId`), so its item is the import's dedupe marker; a single create never dedupes.
 * Its attributes are what the companies operations answer (`CompanyEntity.output`, the type `Company`).
 */
const text = (what: string) => z.string().nullable().describe(what);
const at = (what: string) => z.string().describe(`${what} (ISO 8601)`);
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
  // The text fields are stored only once given: a read answers null for the others.
  attributes: {
    id: z.string().describe('Company id'),
    name: z.string(),
    domain: text('Normalised domain (the dedupe key with inn)'),
    inn: text('Russian taxpayer number (checksum-valid), the other dedupe key'),
    industry: text('Industry'),
    city: text('City'),
    country: text('Country'),
    size: text('Size band, free text'),
    phone: text('Phone'),
    website: text('Website URL'),
    description: text('Free-text description'),
    source: text('Where the company came from (import, manual, connector, …)'),
    address: text('Postal address'),
    customFields: z.record(z.string(), z.unknown()).describe('Custom field values by slug (companies_custom_fields_list names them)'),
    createdAt: at('Created'),
    updatedAt: at('Last changed'),
    /** Optimistic lock of every read-modify-write (updates, enrichment, scoring). */
    version: z.number(),
    /** The number custom field whose value the item's own gsi2 entry indexes (number-index.ts). */
    cfIndexSlug: z.string().optional(),
    /** The import that created the company, and its row (import recovery). */
    importId: z.string().optional(),
    importRow: z.number().optional(),
  },
  internal: ['version', 'cfIndexSlug', 'importId', 'importRow'],
  defaults: { customFields: {} },
});

/**
 * Case-folded, bounded name prefix: the sort key of the by-name index. `#` (the key separator) sorts
 * as `$`, its neighbour, so a name like "C# Labs" keeps its place without splitting the key.
 */
export const nameSortKey = (name: string) => name.trim().toLowerCase().slice(0, 120).replaceAll('#', '$');

/**
 * The item at a derived company id's key when no company lives there (import dedupe, see
 * `derivedCompanyId`): `companyId` names the company that holds the id's dedupe key instead, or the
 * id itself when that company was deleted. It stays, so a later import of the same domain gets a new
 * id and never brings a deleted company's id back with its old list memberships and contact links.
 */
export const CompanyKeyClaim = defineEntity({
  entity: 'company_key_claim',
  version: 1,
  table: 'tenant',
  replaces: 'company',
  keys: { primary: { pk: 'COMPANY#${companyId}', sk: 'COMPANY' } },
});

/**
 * An imported company's id from its dedupe key (`domain#acme.com`, `inn#…`) and the tenant's table:
 * the company item is then its own uniqueness marker, one conditional put instead of a marker item
 * and the company. Same shape as `newId` (9 base-36 then 16 hex digits), led by `i`, which no newId
 * before the year 3579 starts with.
 */
export function derivedCompanyId(tableName: string, dedupeKey: string): string {
  const h = createHash('sha256').update(`${tableName}\u0000${dedupeKey}`).digest('hex');
  return `i${h.slice(0, 24)}`;
}
export const isDerivedCompanyId = (id: string) => /^i[0-9a-f]{24}$/.test(id);

/** A company item (not a claim left at a derived id, nor nothing). */
export const isCompany = (item: { entity?: unknown } | undefined | null): item is { entity: 'company' } & Record<string, any> => CompanyEntity.is(item);

/** Condition that a company (not a claim) is at the key: references to a company check this. */
export const companyExists: Condition = { expression: '#entity = :company', names: { '#entity': 'entity' }, values: { ':company': CompanyEntity.name } };
