import { badRequest, badRequestCode, rowRejected } from '../../platform/errors.js';
import type { CustomFieldDefinition } from '../custom-fields/definitions.js';
import { checkValue, type CfValue } from '../custom-fields/values.js';
import { normalizeEmail, normalizePhone } from '../contacts/normalize.js';

export const COMPANY_TARGETS = ['name', 'domain', 'inn', 'industry', 'size', 'country', 'city', 'address', 'phone', 'website', 'source'] as const;
export const CONTACT_TARGETS = ['email', 'firstName', 'lastName', 'phone', 'position', 'personalEmail', 'linkedin'] as const;
export type ContactTarget = (typeof CONTACT_TARGETS)[number];

/** Field caps, as in the company and contact bodies. */
const MAX_LEN: Record<string, number> = {
  name: 300,
  domain: 253,
  inn: 32,
  industry: 200,
  size: 50,
  country: 100,
  city: 200,
  address: 500,
  phone: 50,
  website: 500,
  source: 200,
};
const CONTACT_MAX: Record<string, number> = { firstName: 80, lastName: 80, position: 200, personalEmail: 254, linkedin: 500, email: 254, phone: 40 };

export interface Mapping {
  company: [column: string, field: string][];
  contact: [column: string, field: ContactTarget][];
  cf: [column: string, slug: string][];
  ignored: string[];
}

/**
 * Validates a `{column: target}` mapping. `scope` says which targets the endpoint writes; the others
 * are reported in `ignored`. Unknown `cf:<slug>` → 400 unknown_custom_field; other unknown targets
 * or a target mapped twice → 400. `contactPrefix` 'optional' lets contact targets come bare.
 */
export function parseMapping(
  raw: Record<string, string>,
  defs: Map<string, CustomFieldDefinition>,
  opts: { scope: { company: boolean; contact: boolean; cf: boolean }; contactPrefix: 'required' | 'optional' },
): Mapping {
  const m: Mapping = { company: [], contact: [], cf: [], ignored: [] };
  const seen = new Set<string>();
  const unknownCf: string[] = [];
  const bad: string[] = [];
  for (const [column, rawTarget] of Object.entries(raw)) {
    const target = rawTarget.trim();
    if (seen.has(target)) bad.push(`mapping: target ${target} is mapped from more than one column`);
    seen.add(target);
    const bare = target.startsWith('c:') ? target.slice(2) : opts.contactPrefix === 'optional' ? target : undefined;
    if (target.startsWith('cf:')) {
      const slug = target.slice(3);
      if (!defs.has(slug)) unknownCf.push(slug);
      else if (opts.scope.cf) m.cf.push([column, slug]);
      else m.ignored.push(target);
    } else if (bare !== undefined && (CONTACT_TARGETS as readonly string[]).includes(bare) && (target.startsWith('c:') || !opts.scope.company)) {
      if (opts.scope.contact) m.contact.push([column, bare as ContactTarget]);
      else m.ignored.push(target);
    } else if (opts.scope.company && (COMPANY_TARGETS as readonly string[]).includes(target)) {
      m.company.push([column, target]);
    } else {
      bad.push(`mapping.${column}: unknown target ${target}`);
    }
  }
  if (unknownCf.length)
    throw badRequestCode('unknown_custom_field', {
      fields: unknownCf,
      available: [...defs.keys()].map((s) => `cf:${s}`),
      message: `Unknown custom field ${unknownCf.map((s) => `cf:${s}`).join(', ')}`,
    });
  if (bad.length) throw badRequest(bad);
  return m;
}

/** A cell as trimmed text; empty cells are absent. */
export function cellText(v: unknown): string | undefined {
  if (v === null || v === undefined || typeof v === 'boolean') return undefined;
  const s = String(v).trim();
  return s === '' ? undefined : s;
}

export interface ParsedContact {
  fields: Partial<Record<'firstName' | 'lastName' | 'position' | 'personalEmail' | 'linkedin', string>>;
  email?: string;
  phone?: string;
}

/** Contact cells of a row; throws a row reason (string) for an invalid email or phone. */
export function parseContactCells(row: Record<string, unknown>, cols: Mapping['contact']): ParsedContact | undefined {
  const c: ParsedContact = { fields: {} };
  let any = false;
  for (const [column, field] of cols) {
    const v = cellText(row[column]);
    if (v === undefined) continue;
    if (v.length > CONTACT_MAX[field]) throw rowRejected(`c:${field} must be shorter than or equal to ${CONTACT_MAX[field]} characters`);
    any = true;
    if (field === 'email') {
      c.email = normalizeEmail(v);
      if (!c.email) throw rowRejected(`c:email is not a valid email (${v.slice(0, 100)})`);
    } else if (field === 'phone') {
      c.phone = normalizePhone(v);
      if (!c.phone) throw rowRejected(`c:phone is not a valid phone number (${v.slice(0, 40)})`);
    } else c.fields[field] = v;
  }
  return any ? c : undefined;
}

/** Custom-field cells of a row (CSV: numeric strings accepted for number fields). */
export function parseCfCells(row: Record<string, unknown>, cols: Mapping['cf'], defs: Map<string, CustomFieldDefinition>): Record<string, CfValue> {
  const out: Record<string, CfValue> = {};
  for (const [column, slug] of cols) {
    const raw = row[column];
    if (cellText(raw) === undefined) continue;
    const v = checkValue(defs.get(slug)!, typeof raw === 'string' ? raw.trim() : raw, true);
    if (Array.isArray(v)) throw rowRejected(`cf:${slug}: ${v.join('; ').replace(`customFields.${slug} `, '')}`);
    out[slug] = v;
  }
  return out;
}

export function companyCellLimit(field: string, v: string) {
  if (v.length > MAX_LEN[field]) throw rowRejected(`${field} must be shorter than or equal to ${MAX_LEN[field]} characters`);
}
