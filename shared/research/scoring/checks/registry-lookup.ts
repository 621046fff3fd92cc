import { updateCompany } from '../../../crm/companies/companies.js';
import { definitionMap } from '../../../crm/custom-fields/definitions.js';
import { searchCompaniesByName, type RegistryCompany, type RegistrySettings } from '../../../crm/connectors/registry.js';
import type { TableStore } from '../../../platform/ports/table-store.js';
import { failed, ok, unavailable, type StepOutcome } from './outcome.js';

/** Registry facts copied to company custom fields, when the tenant has defined a field with that slug. */
const REGISTRY_FIELDS: Record<string, (c: RegistryCompany) => string | null> = {
  ogrn: (c) => c.ogrn,
  registry_status: (c) => c.status,
  registry_address: (c) => c.address,
  registry_name: (c) => c.name,
};

const bare = (s: string) =>
  s
    .toLowerCase()
    .replace(/["«»'“”]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The one registry record a card stands for: by its INN when it has one, else an unambiguous name match. */
function pick(card: Record<string, any>, found: RegistryCompany[]): RegistryCompany | 'none' | 'ambiguous' {
  const withInn = found.filter((c) => c.inn);
  if (card.inn) return withInn.find((c) => c.inn === card.inn) ?? 'none';
  if (withInn.length === 1) return withInn[0];
  const same = withInn.filter((c) => bare(c.name).includes(bare(card.name ?? '')) && bare(card.name ?? '').length >= 3);
  if (same.length === 1) return same[0];
  return withInn.length ? 'ambiguous' : 'none';
}

/**
 * NALOG_LOOKUP: finds the card's company in the registry through the registry connector (DaData
 * "suggest party", REGISTRY_BASE_URL / REGISTRY_API_KEY), by the card's INN or else its name, and
 * writes the company's `taxId` (the card's `inn` field) together with the registry custom fields the
 * tenant has defined (`ogrn`, `registry_status`, `registry_address`, `registry_name`) in ONE company
 * update (one transaction): all of them or nothing. Unconfigured or unreachable registry, no match or
 * an ambiguous name: UNAVAILABLE with its reasonCode and nothing written.
 */
export async function registryLookup(settings: RegistrySettings, table: TableStore, card: Record<string, any>, now: number): Promise<StepOutcome> {
  if (!settings.apiKey) return unavailable('registry_not_configured');
  let found: RegistryCompany[];
  try {
    found = (await searchCompaniesByName(settings, String(card.inn || card.name), 5)).data;
  } catch {
    return unavailable('registry_unavailable');
  }
  const hit = pick(card, found);
  if (hit === 'none') return unavailable('registry_no_match');
  if (hit === 'ambiguous') return unavailable('registry_ambiguous', { candidates: found.length });
  const defs = await definitionMap(table, 'company');
  const customFields: Record<string, string> = {};
  for (const [slug, read] of Object.entries(REGISTRY_FIELDS)) {
    const v = read(hit);
    if (defs.has(slug) && v) customFields[slug] = v;
  }
  try {
    await updateCompany(table, card.id, { inn: hit.inn, ...(Object.keys(customFields).length ? { customFields } : {}) }, { now, defs });
  } catch (e) {
    return failed('registry_write_refused', { error: (e as Error).message.slice(0, 200) });
  }
  return ok({ taxId: hit.inn, ogrn: hit.ogrn, status: hit.status, name: hit.name, written: ['taxId', ...Object.keys(customFields)] });
}
