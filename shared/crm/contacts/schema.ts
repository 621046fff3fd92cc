import * as z from 'zod';

/** Body fields of contacts (strict objects: unknown properties get the spec's 400). */
const name = z.string().trim().max(80);
export const contactFieldsShape = {
  firstName: name.nullable().optional(),
  lastName: name.nullable().optional(),
  position: z.string().trim().max(200).nullable().optional(),
  personalEmail: z.string().trim().max(254).nullable().optional(),
  linkedin: z.string().trim().max(500).nullable().optional(),
  companyId: z.string().min(1).max(64).nullable().optional(),
  customFields: z.record(z.string(), z.unknown()).optional(),
};

export const sourceSchema = z.strictObject({
  kind: z.enum(['import', 'crawl', 'form', 'manual']),
  sourceUrl: z.string().max(2000).optional(),
  collectedAt: z.string().max(40).optional(),
  importId: z.string().max(64).optional(),
});

export const contactCreateSchema = z.strictObject({
  ...contactFieldsShape,
  email: z.string().max(254).optional(),
  phone: z.string().max(40).optional(),
  source: sourceSchema.optional(),
});
export const contactUpdateSchema = z.strictObject(contactFieldsShape);
export const channelSchema = z.strictObject({ type: z.enum(['email', 'phone']), value: z.string().min(1).max(254) });

/** Bulk: one action over at most BULK_MAX contacts, one result per id. */
export const BULK_MAX = 100;
export const bulkSchema = z.strictObject({
  action: z.enum(['update', 'delete']),
  ids: z.array(z.string().min(1).max(64)).min(1).max(BULK_MAX),
  patch: contactUpdateSchema.optional(),
});

export const idPath = z.strictObject({ id: z.string().min(1).max(64) });

export const listQuerySchema = z.strictObject({
  companyId: z.string().min(1).max(64).optional(),
  email: z.string().min(1).max(254).optional(),
  phone: z.string().min(1).max(40).optional(),
  listId: z.string().min(1).max(64).optional(),
  q: z.string().min(1).max(200).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().min(1).max(2000).optional(),
  filters: z.string().max(4000).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
