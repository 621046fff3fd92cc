import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/** Whether a query's key names `id` (as a part, or as a value of an object part such as `{ companyId }`). */
const namesId = (key: QueryKey, id: string) =>
  key.some((part) => part === id || (typeof part === 'object' && part !== null && Object.values(part).includes(id)));

/**
 * After deleting an object from its own page: leave the page, refresh what else of the area is cached,
 * then forget the deleted object's reads.
 *
 * The page stays mounted until the route it goes to has loaded. A read of the deleted object refetched
 * in that time answers 404, which throws to the not-found page (or, when the navigation wins the race,
 * makes React throw away a render half-way). So those reads are cancelled and never refetched, and are
 * removed only once nothing shows them.
 */
export async function leaveDeleted(queryClient: QueryClient, opts: { id: string; area: QueryKey; leave: () => void | Promise<void> }) {
  const readsDeleted = (q: Query) => namesId(q.queryKey, opts.id);
  await queryClient.cancelQueries({ predicate: readsDeleted });
  const left = opts.leave();
  void queryClient.invalidateQueries({ queryKey: opts.area, predicate: (q) => !readsDeleted(q) });
  await left;
  queryClient.removeQueries({ predicate: readsDeleted, type: 'inactive' });
}
