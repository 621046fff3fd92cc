import type { QuerySpec, TableStore } from '../../platform/ports/table-store.js';
import { CompanyContact, ContactEntity } from './entities.js';

/**
 * Where a company's contacts are listed: the contact items on gsi3 (`byCompany`), then the legacy
 * `CompanyContact` link items of contacts linked before that index (each entry carries `contactId`).
 * A contact is in one of the two: its link item is deleted when its gsi3 attributes are written.
 */
export const companyContactSources = (companyId: string): Pick<QuerySpec, 'index' | 'pk' | 'skBeginsWith'>[] => [
  ContactEntity.query('byCompany', { companyId }),
  CompanyContact.query('primary', { companyId }),
];

/** The ids of a company's contacts, at most `max` (both sources, bounded pages). */
export async function companyContactIds(table: TableStore, companyId: string, max = 10_000): Promise<string[]> {
  const ids: string[] = [];
  for (const source of companyContactSources(companyId)) {
    for (let cursor: string | undefined, i = 0; i < 100 && ids.length < max; i++) {
      const page = await table.query<{ contactId?: string; id?: string }>({ ...source, limit: Math.min(500, max - ids.length), cursor });
      for (const it of page.items) ids.push(String(it.contactId ?? it.id));
      if (!(cursor = page.cursor)) break;
    }
  }
  return [...new Set(ids)];
}
