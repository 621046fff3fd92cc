import * as z from 'zod';
import { FIELD_TYPES } from './definitions.js';

/** Body of POST /api/{companies,contacts}/custom-fields. */
export const definitionBody = z.strictObject({
  slug: z.string().regex(/^[a-z][a-z0-9_]{0,47}$/, 'slug must be lower_snake (a-z, 0-9, _), start with a letter, at most 48 characters'),
  label: z.string().trim().min(1).max(120),
  fieldType: z.enum(FIELD_TYPES),
});
