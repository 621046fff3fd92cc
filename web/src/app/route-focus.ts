import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';

/**
 * On every navigation inside the app: the document title follows the page, and keyboard and
 * screen-reader focus moves to the page's main region (as a full page load would), not left on the
 * link that was pressed.
 */
export function useRouteFocus(mainId: string) {
  const matches = useMatches();
  const location = useLocation();
  const first = useRef(true);
  const title = [...matches].reverse().find((m) => (m.handle as { title?: string } | undefined)?.title)?.handle as { title: string } | undefined;
  useEffect(() => {
    document.title = title ? `${title.title} · svc` : 'svc';
  }, [title]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById(mainId)?.focus();
  }, [location.pathname, mainId]);
}
