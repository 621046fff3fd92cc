import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';

/**
 * Whether the person has used the page yet. Until then a location change is the app settling on its
 * first page (a redirect to sign-in, say): focus stays at the top, where Tab reaches the skip link first.
 */
let interacted = false;
for (const type of ['keydown', 'pointerdown']) document.addEventListener(type, () => (interacted = true), { capture: true, once: true });

/**
 * On every navigation inside the app: the document title follows the page, and keyboard and
 * screen-reader focus moves to the page's main region (as a full page load would), not left on the
 * link that was pressed or on a form that is gone.
 */
export function useRouteFocus(mainId: string) {
  const matches = useMatches();
  const location = useLocation();
  const title = [...matches].reverse().find((m) => (m.handle as { title?: string } | undefined)?.title)?.handle as { title: string } | undefined;
  useEffect(() => {
    document.title = title ? `${title.title} · svc` : 'svc';
  }, [title]);
  useEffect(() => {
    if (interacted) document.getElementById(mainId)?.focus();
  }, [location.pathname, mainId]);
}
