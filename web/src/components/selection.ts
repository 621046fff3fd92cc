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
    /** The header's box: ticks every row of `ids` (the page shown), or, when all are ticked, unticks them; other ticks stay. */
    toggleAll: (ids: readonly string[]) => setSelected((s) => toggledAll(s, ids)),
    clear: () => setSelected(new Set()),
  };
}

/** `selected` with every one of `ids` added, or, when all of them were in it already, removed. */
export function toggledAll(selected: ReadonlySet<string>, ids: readonly string[]): ReadonlySet<string> {
  const next = new Set(selected);
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  for (const id of ids) {
    if (all) next.delete(id);
    else next.add(id);
  }
  return next;
}
