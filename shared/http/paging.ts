import * as z from 'zod';

/**
 * The paging contract of list operations: `pageSize` (the spec's name) and an opaque `cursor` in;
 * `{data, nextCursor}` out, `nextCursor` null at the end.
 */
export const pageQuery = (maxPageSize = 100, defaultPageSize = 50) => ({
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  cursor: z.string().min(1).max(2048).optional(),
});

/** Domain list functions take `{limit, cursor}`; this maps the query onto them. */
export const toPage = <Q extends { pageSize: number; cursor?: string }>({ pageSize, ...rest }: Q) => ({ ...rest, limit: pageSize });
