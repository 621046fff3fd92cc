import { useSearchParams } from 'react-router';

/**
 * A table's view (search, filters, sort) kept in the address, so a reload or a shared link shows the
 * same rows. `setView` sets or clears the named parameters and calls `onChange` (back to the first
 * page, nothing selected): a new view is a new set of rows.
 */
export function useUrlView(onChange: () => void) {
  const [params, setParams] = useSearchParams();
  const get = (name: string) => params.get(name) ?? undefined;
  const setView = (next: Record<string, string | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p);
    onChange();
  };
  return { get, setView };
}
