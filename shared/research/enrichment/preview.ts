import { CompanyEntity } from '../../crm/companies/entities.js';
import { getCompanyList, listCompanyIds } from '../../crm/company-lists/company-lists.js';
import { badRequest } from '../../platform/errors.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import { rememberedDomainField } from './entities.js';
import { siteValue, targetOf } from './targets.js';

// Apart from views.ts: the task views do not resolve sites.

/**
 * Read-only: what a create with this list and domainField would queue. uniqueDomains counts the hosts a
 * create queues: a hostname that is itself a public suffix (`co.uk`) is among them until the crawl finds it NO_SITE.
 */
export async function previewList(table: TableStore, listId: string, domainField?: string) {
  const list = await getCompanyList(table, listId);
  if (list.type !== 'STATIC') throw badRequest(['listId must be a STATIC company list (SMART lists are not supported)'], { code: 'smart_list_not_supported' });
  const field = domainField ?? (await rememberedDomainField(table, listId)) ?? 'website';
  const ids = (await listCompanyIds(table, listId, { max: 100_000 })).companyIds ?? [];
  let companies = 0;
  let withValue = 0;
  const hosts = new Set<string>();
  const fields = new Set<string>(['website', 'domain']);
  for (let i = 0; i < ids.length; i += 100) {
    for (const c of await table.batchGet(ids.slice(i, i + 100).map((companyId) => CompanyEntity.key({ companyId })))) {
      if (c.entity !== 'company') continue;
      companies++;
      for (const k of Object.keys((c.customFields as object) ?? {})) fields.add(k);
      const t = targetOf(siteValue(c, field));
      if (siteValue(c, field)) withValue++;
      if (t.ok) hosts.add(t.host);
    }
  }
  return { listId, domainField: field, companies, withValue, uniqueDomains: hosts.size, fields: [...fields] };
}
