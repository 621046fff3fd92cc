import * as z from 'zod';
import type { OutputOf } from '../../platform/data/entity.js';
import { CompanyEntity } from './entities.js';

/** The company's own text fields (spec: name, domain, inn, industry, size, country, city, address, phone, website, source; plus description). */
export const COMPANY_TEXT_FIELDS = [
  'name',
  'domain',
  'inn',
  'industry',
  'city',
  'country',
  'size',
  'phone',
  'website',
  'description',
  'source',
  'address',
] as const;

const text = (max: number) => z.string().trim().max(max);

/** Body fields of create/update; `customFields` is validated against the tenant's definitions. */
export const companyFieldsShape = {
  name: text(300).min(1),
  domain: text(253).nullable().optional(),
  inn: text(32).nullable().optional(),
  industry: text(200).nullable().optional(),
  city: text(200).nullable().optional(),
  country: text(100).nullable().optional(),
  size: text(50).nullable().optional(),
  phone: text(50).nullable().optional(),
  website: text(500).nullable().optional(),
  description: text(5000).nullable().optional(),
  source: text(200).nullable().optional(),
  address: text(500).nullable().optional(),
  customFields: z.record(z.string(), z.unknown()).optional(),
};
export const companyCreateSchema = z.strictObject(companyFieldsShape);
export const companyUpdateSchema = z.strictObject({ ...companyFieldsShape, name: companyFieldsShape.name.optional() });
export type CompanyCreateInput = z.infer<typeof companyCreateSchema>;
export type CompanyUpdateInput = z.infer<typeof companyUpdateSchema>;

export type Company = OutputOf<typeof CompanyEntity>;

/** Domains are stored bare and lower-case (`https://www.Acme.com/x` → `acme.com`), as the import's dedupe expects. */
export function normalizeDomain(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const v = raw
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/?#].*$/, '');
  return v || null;
}

/** The API shape of a stored company item (keys and bookkeeping stripped). */
export const toCompany = (item: Record<string, unknown>): Company => CompanyEntity.view(item);
