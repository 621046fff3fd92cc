import type { AppRoute } from '../../app/route-types';

/**
 * Imports: upload, preview and mapping, the live progress of an import job, its summary and rejected rows.
 * One entry per page: `{ path, title, page: () => import('./XPage'), nav: { label } }` (docs/web-app.md).
 */
export const importsRoutes: AppRoute[] = [];
