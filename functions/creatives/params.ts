import * as z from 'zod';

/** Path `{id}` of creative operations. */
export const creativeIdParam = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'id must be an id'),
});
export const pageQuery = {
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(2000).optional(),
};
