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

const recipientId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be an id');

/** The recipient a creative is rendered for: contactId and/or companyId (the contact's company when only contactId is given). */
export const recipientQuery = { contactId: recipientId.optional(), companyId: recipientId.optional() };
