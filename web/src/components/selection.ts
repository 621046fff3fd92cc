import { useState } from 'react';

/** The rows ticked in a table (by id), for its bulk actions. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return {
    ids: [...selected],
    has: (id: string) => selected.has(id),
    toggle: (id: string) =>
      setSelected((s) => {
        const n = new Set(s);
        if (n.has(id)) n.delete(id);
        else n.add(id);
        return n;
      }),
    clear: () => setSelected(new Set()),
  };
}
