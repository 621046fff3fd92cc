import * as z from 'zod';

/** Ids as issued by newId (and nothing that could reach into another key). */
export const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an id');
