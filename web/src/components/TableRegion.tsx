import type { ReactNode } from 'react';

/**
 * A wide table's frame: it scrolls sideways on narrow screens, so it is a labelled region that takes
 * keyboard focus (arrow keys then scroll it; axe's scrollable-region-focusable).
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
