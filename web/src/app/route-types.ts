import type { ComponentType } from 'react';

/**
 * One page of the app. Each area lists its pages in `pages/<area>/routes.ts`; the page module itself
 * is loaded only when someone opens it (route-level code splitting: `page: () => import('./X')`).
 */
export interface AppRoute {
  /** Path under /app, without a leading slash: `companies`, `companies/:id`. */
  path: string;
  /** The page module; its default export is the page component. */
  page: () => Promise<{ default: ComponentType }>;
  /** The document title (and what screen readers announce on navigation). */
  title: string;
  /**
   * Shown in the area's section of the navigation when set. `badge` renders beside the label (a count
   * that needs attention) and, given `link`, as a link of its own in the header while the navigation is collapsed.
   */
  nav?: { label: string; order?: number; badge?: ComponentType<{ link?: { to: string; label: string } }> };
  /**
   * `workspace` (default): needs a signed-in, active account and renders inside the app shell with the
   * chosen workspace. `public`: sign-in and registration pages, outside the shell.
   */
  access?: 'workspace' | 'public';
}

/** A section of the navigation: one area of the product and its pages. */
export interface Area {
  id: string;
  label: string;
  routes: AppRoute[];
}
