import { z } from 'zod';

/** Ids as issued by newId (and nothing that could reach into another key). */
export const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an id');
export const limitSchema = (max = 100, dflt = 20) => z.coerce.number().int().min(1).max(max).default(dflt);
export const cursorSchema = z.string().min(1).max(2000).optional();
