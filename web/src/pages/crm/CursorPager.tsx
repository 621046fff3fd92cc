import { useState } from 'react';

/** Cursor paging as the list operations give it: the cursors of the pages before this one, so "Previous" can go back. */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return {
    cursor: cursors[cursors.length - 1],
    page: cursors.length,
    reset: () => setCursors([undefined]),
    previous: () => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)),
    next: (cursor: string) => setCursors((c) => [...c, cursor]),
  };
}

export function CursorPager({ pages, nextCursor }: { pages: ReturnType<typeof useCursorPages>; nextCursor: string | null | undefined }) {
  return (
    <div className="actions">
      <button type="button" className="secondary" disabled={pages.page < 2} onClick={pages.previous}>
        Previous page
      </button>
      <span>Page {pages.page}</span>
      <button type="button" className="secondary" disabled={!nextCursor} onClick={() => nextCursor && pages.next(nextCursor)}>
        Next page
      </button>
    </div>
  );
}
