import * as z from 'zod';
import { FIELD_TYPES } from './definitions.js';

/** Body of POST /api/{companies,contacts}/custom-fields. */
export const definitionBody = z.strictObject({
  slug: z.string().regex(/^[a-z][a-z0-9_]{0,47}$/, 'slug must be lower_snake (a-z, 0-9, _), start with a letter, at most 48 characters'),
  label: z.string().trim().min(1).max(120),
  fieldType: z.enum(FIELD_TYPES),
});

/** Path of one definition: `/api/{companies,contacts}/custom-fields/{slug}`. */
export const slugPath = z.strictObject({ slug: z.string().min(1).max(48) });

/** Body of PATCH /api/{companies,contacts}/custom-fields/{slug}: the label is what may change. */
export const definitionPatch = z.strictObject({ label: definitionBody.shape.label });

/** Query of GET /api/{companies,contacts}/custom-fields/usage. */
export const usageQuery = z.strictObject({ slug: z.string().min(1).max(48) });
