import { toCompany } from '../../crm/companies/model.js';
import { toContact } from '../../crm/contacts/items.js';
import { listDefinitions } from '../../crm/custom-fields/definitions.js';
import type { Item, TableStore } from '../../platform/ports/table-store.js';
import { parseTemplate } from './template.js';
import { COMPANY_VARIABLES, CONTACT_VARIABLES, isKnownVariable, recipientVariables } from './variables.js';
import { CompanyEntity } from '../../crm/companies/entities.js';

export interface VariableInfo {
  name: string;
  source: 'contact' | 'company' | 'custom_field';
  /** A value from this workspace's data (the newest contact/company that has one), or null. */
  example: string | null;
  label?: string;
}

const SAMPLE = 25;

/** Every variable name of the language with an example from the tenant's newest records (bounded reads). */
export async function availableVariables(table: TableStore): Promise<VariableInfo[]> {
  const [contacts, companies, contactDefs, companyDefs] = await Promise.all([
    table.query<Item>({ index: 'gsi1', pk: 'CONTACTS', limit: SAMPLE, descending: true }),
    table.query<Item>({ ...CompanyEntity.query('byCreated', {}), limit: SAMPLE, descending: true }),
    listDefinitions(table, 'contact'),
    listDefinitions(table, 'company'),
  ]);
  const examples: Record<string, string> = {};
  const sample = (vars: Record<string, string>) => {
    for (const [k, v] of Object.entries(vars)) if (!(k in examples)) examples[k] = v.length > 80 ? `${v.slice(0, 77)}...` : v;
  };
  for (const it of contacts.items) sample(recipientVariables({ contact: toContact(it) }));
  for (const it of companies.items) sample(recipientVariables({ company: toCompany(it), customFields: {} }));
  for (const it of companies.items) sample(recipientVariables({ customFields: (it.customFields as Record<string, unknown>) ?? {} }));
  const out: VariableInfo[] = [
    ...CONTACT_VARIABLES.map((name) => ({ name, source: 'contact' as const, example: examples[name] ?? null })),
    ...COMPANY_VARIABLES.map((name) => ({ name, source: 'company' as const, example: examples[name] ?? null })),
  ];
  const seen = new Set<string>();
  for (const d of [...contactDefs, ...companyDefs]) {
    const name = `cf.${d.slug}`;
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({ name, source: 'custom_field', example: examples[name] ?? null, label: d.label });
  }
  return out;
}

/** The variables a creative uses, and which of them are not names of the language (typos). */
export function usedVariables(creative: { subject: string; bodyHtml: string }) {
  const names = new Set<string>();
  for (const src of [creative.subject, creative.bodyHtml]) {
    const p = parseTemplate(src);
    if (p.ok) p.tokens.forEach((t) => names.add(t));
  }
  const variables = [...names];
  return { variables, unknown: variables.filter((n) => !isKnownVariable(n)) };
}
